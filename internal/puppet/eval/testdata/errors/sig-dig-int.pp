$x = dig(1, 'a')
