$x = true.each |$v| { }
