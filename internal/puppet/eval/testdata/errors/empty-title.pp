notify { 'ok': }
notify { '': message => 'x' }
