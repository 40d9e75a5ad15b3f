$r = Struct['a']
