exec { 'mk': command => '/bin/sh -c "mkdir -p @ROOT@/r/dir/sub && printf s > @ROOT@/r/srcfile && printf x > @ROOT@/r/dir/sub/x"', creates => '@ROOT@/r/srcfile' }
file { '@ROOT@/r/dir': recurse => true, source => '@ROOT@/r/srcfile', require => Exec['mk'] }
