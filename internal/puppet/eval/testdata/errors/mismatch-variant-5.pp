$r = assert_type(Variant[Array[String], Integer], ['a', 1])
