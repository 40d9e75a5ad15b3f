$r = assert_type(NotUndef[String], undef)
