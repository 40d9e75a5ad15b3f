$r = assert_type(String, Integer)
