notify { 'c': }
notify { 'd': }
notify { 'a': }
notify { 'b': }
Notify['a', 'b'] -> Notify['c', 'd']
