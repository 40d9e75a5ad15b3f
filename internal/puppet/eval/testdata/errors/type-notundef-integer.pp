$r = NotUndef[1]
