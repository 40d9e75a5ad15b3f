$r = assert_type(Tuple[String, Integer, 1, 2], ['a', 'b', 'c'])
