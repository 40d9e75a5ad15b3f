notify { 'c': }
notify { 'a': }
notify { 'b': }
notify { 'd': }
[Notify['a'], [Notify['b']]] -> Notify['c']
$refs = [Notify['d']]
$refs -> [Notify['a'], Notify['b']]
