define d($p = 'own') { notify { "d-${p}": } }
D { p => 'from default' }
d { 'x': }
