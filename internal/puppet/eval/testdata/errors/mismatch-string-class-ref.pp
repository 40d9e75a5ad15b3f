$r = assert_type(String, Class[foo])
