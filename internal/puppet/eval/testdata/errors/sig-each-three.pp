$x = each(1) |$a, $b, $c| { }
