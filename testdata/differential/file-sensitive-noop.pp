# flags: --noop
file { '@ROOT@/r/secret': content => Sensitive("hunter2\n") }
exec { 'secret-cmd': command => Sensitive('/bin/echo hunter2'), logoutput => true }
