$x = with(1) |$a, $b| { $a }
