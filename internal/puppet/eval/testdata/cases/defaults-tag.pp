Notify { tag => 'dflt' }
notify { 'x': }
