exec { ['f1', 'f2', 'f3', 'f4', 'f5']: command => '/bin/false' }
notify { ['n1', 'n2', 'n3']: }
Exec['f1', 'f2', 'f3', 'f4', 'f5'] -> Notify['n1', 'n2', 'n3']
