notify { "a\u{110000}b": }
