notify { 'first': }
exec { 'bad': command => '/bin/false' }
notify { 'a': }
notify { 'b': }
notify { 'c': }
Notify['first'] -> Exec['bad'] -> Notify['a'] ~> Notify['b'] -> Notify['c']
notify { 'free': }
