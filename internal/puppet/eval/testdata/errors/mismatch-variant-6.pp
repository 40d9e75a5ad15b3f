$r = assert_type(Variant[Integer[1,2], Float], 5)
