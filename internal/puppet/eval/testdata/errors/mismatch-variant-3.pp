$r = assert_type(Variant[String[5], Integer], 'abc')
