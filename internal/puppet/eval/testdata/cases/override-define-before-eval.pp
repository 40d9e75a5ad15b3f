define d($msg = 'own') { notify { "d-${title}": message => $msg } }
d { 'x': }
D['x'] { msg => 'overridden' }
