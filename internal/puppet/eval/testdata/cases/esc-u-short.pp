notify { "a\u12b": }
