file { '@ROOT@/r/secret': content => Sensitive("hunter2\n") }
exec { 'seed': command => "/bin/sh -c 'printf old > @ROOT@/r/s2'", creates => '@ROOT@/r/s2' }
file { '@ROOT@/r/s2': content => Sensitive("new\n"), require => Exec['seed'] }
exec { 'secret-cmd': command => Sensitive('/bin/echo hunter2'), logoutput => true }
