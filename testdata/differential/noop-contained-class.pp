class inner { file { '@ROOT@/r/inner': content => "x\n" } }
class outer { contain inner }
class { 'outer': noop => true }
file { '@ROOT@/r/top': content => "x\n", noop => true }
