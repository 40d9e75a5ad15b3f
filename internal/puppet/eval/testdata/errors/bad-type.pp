$x = String[a]
