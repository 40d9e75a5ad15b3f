exec { 'mkdir': command => '/bin/false' }
file { '@ROOT@/r/file1': content => "1\n", require => Exec['mkdir'] }
file { '@ROOT@/r/file2': content => "2\n", require => File['@ROOT@/r/file1'] }
