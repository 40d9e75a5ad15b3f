notify { "a ${0x10} b": }
