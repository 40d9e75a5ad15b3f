notify { "a ${1.5} b": }
