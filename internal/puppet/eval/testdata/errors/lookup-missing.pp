$x = lookup("nokey")
