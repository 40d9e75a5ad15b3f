$r = assert_type(Variant[Integer, Enum[a]], 'b')
