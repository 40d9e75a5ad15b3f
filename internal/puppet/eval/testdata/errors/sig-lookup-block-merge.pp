$x = lookup('a', String, 1) |$k| { 2 }
