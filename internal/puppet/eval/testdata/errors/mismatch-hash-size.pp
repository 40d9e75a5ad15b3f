$r = assert_type(Hash[String, Integer, 1], {})
