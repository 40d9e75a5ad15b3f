$r = assert_type(String, {a=>1})
