exec { 'a': command => '/bin/false' }
notify { 'b': }
notify { 'c': }
notify { 'd': }
Exec['a'] -> Notify['b'] -> Notify['d']
Exec['a'] -> Notify['c'] -> Notify['d']
