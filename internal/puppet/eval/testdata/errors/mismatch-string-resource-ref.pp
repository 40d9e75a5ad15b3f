$r = assert_type(String, File['/tmp'])
