$r = assert_type(Array[Integer], [1, 'a', 2.5])
