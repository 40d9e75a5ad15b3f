notify { "a\u{D800}b": }
