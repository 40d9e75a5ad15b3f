exec { 'bare': command => 'true', path => ['/usr/bin', '/bin'] }
exec { 'bare-string': command => 'echo hi', path => '/usr/bin:/bin' }
