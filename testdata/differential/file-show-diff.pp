# flags: --show_diff
exec { 'seed': command => "/bin/sh -c 'printf \"one\\ntwo\\nthree\\n\" > @ROOT@/r/f'", creates => '@ROOT@/r/f' }
file { '@ROOT@/r/f': content => "one\nTWO\nthree\n", require => Exec['seed'] }
