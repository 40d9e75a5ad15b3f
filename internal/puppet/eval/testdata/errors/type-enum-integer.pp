$r = Enum[1]
