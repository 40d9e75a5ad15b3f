define d() { file { "@ROOT@/r/${title}": content => "x\n" } notify { "in-${title}": } }
d { 'x': noop => true }
d { 'y': }
