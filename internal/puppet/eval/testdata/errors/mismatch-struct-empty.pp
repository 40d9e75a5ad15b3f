$r = assert_type(Struct[{a => Integer, Optional[b] => String, c => Optional[Integer]}], {})
