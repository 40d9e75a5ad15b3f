$x = [1].reduce
