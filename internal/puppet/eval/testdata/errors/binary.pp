$x = Binary('!!!', '%B')
