file { '/tmp/x': audit => 'nosuch' }
