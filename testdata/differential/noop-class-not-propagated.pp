class a { file { '@ROOT@/r/a': content => "x\n" } notify { 'in-a': } }
class { 'a': noop => true }
