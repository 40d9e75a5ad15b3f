$r = Variant[1]
