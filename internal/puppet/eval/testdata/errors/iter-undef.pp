$x = undef.each |$v| { }
