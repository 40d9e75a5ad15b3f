$r = assert_type(Variant[String, Integer], [1])
