$deps = [Notify['a']]
notify { 'a': }
notify { ['b', 'c']: before => [Notify['a']] }
notify { 'd': before => $deps }
notify { 'e': require => $deps }
notify { 'f': before => Notify['a'] }
notify { ['g', 'h']: before => $deps }
Notify['b'] -> Notify['x']
Notify['d'] -> Notify['y']
Notify['g'] -> Notify['x']
Notify['f'] -> Notify['y']
Notify['h'] ~> Notify['y']
notify { ['x', 'y']: }
