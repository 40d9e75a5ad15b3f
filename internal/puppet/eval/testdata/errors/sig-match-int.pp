$x = match(1, /a/)
