notify { 'n1': message => String(type(['message', 'hi'], 'generalized')) }
notify { 'n2': message => String(type(['ab', 'cd'], 'generalized')) }
notify { 'n3': message => String(type(['ab', 'ab'], 'generalized')) }
notify { 'n4': message => String(type(['ab'], 'generalized')) }
notify { 'n5': message => String(type([['a'], ['bcd']], 'generalized')) }
notify { 'n6': message => String(type({'a' => 'x', 'bb' => 'yyy'}, 'generalized')) }
notify { 'n7': message => String(type(['a', 1], 'generalized')) }
