notify { ['a', 'b', 'c', 'd']: }
Notify['a', 'b'] -> Notify['c', 'd']
Notify['a', 'a'] -> Notify['d']
