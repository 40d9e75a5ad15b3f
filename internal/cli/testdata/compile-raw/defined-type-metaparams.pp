define d() { notify { "d-${title}": } }
d { 'x': noop => true, loglevel => 'info', tag => 'dtag' }
