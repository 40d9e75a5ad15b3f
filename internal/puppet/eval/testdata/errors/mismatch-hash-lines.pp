$r = assert_type(Hash[String, String], {'a' => 1, 'b' => 2})
