notify { 'x': require => File[''] }
file { '/tmp/a': }
