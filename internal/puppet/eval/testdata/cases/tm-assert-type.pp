$x = assert_type(Integer[1, 5], 10)
