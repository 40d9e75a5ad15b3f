$r = assert_type(Variant[Array[String], String], [1])
