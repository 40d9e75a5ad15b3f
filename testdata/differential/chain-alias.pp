notify { 'b': }
notify { 'actual': alias => 'al' }
Notify['b'] -> Notify['al']
notify { 'c': require => Notify['al'] }
