$x = sprintf(1)
