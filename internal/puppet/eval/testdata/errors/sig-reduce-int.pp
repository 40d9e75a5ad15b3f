$x = reduce(1) |$a| { }
