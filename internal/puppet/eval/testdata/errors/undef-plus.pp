$x = $nope + 1
