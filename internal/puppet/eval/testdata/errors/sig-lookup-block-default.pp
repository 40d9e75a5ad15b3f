$x = lookup('a', undef, undef, 1) |$k| { 2 }
