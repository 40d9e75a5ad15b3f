$mode = 'strict'
notify { 'x': message => $mode ? { 'strict' => 'S', default => 'D' }, withpath => $mode == 'strict' }
