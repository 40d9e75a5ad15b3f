assert_type(Error, 'not an error')
