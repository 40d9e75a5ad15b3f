$r = assert_type(Float[0.0, 1.0], 1.5)
