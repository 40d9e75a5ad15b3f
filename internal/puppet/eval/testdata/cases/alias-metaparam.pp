notify { 'actual': alias => 'al' }
notify { 'other': require => Notify['al'] }
Notify['other'] -> Notify['al']
