$x = [1, 2].nosuchfn
