# setup: true
concat_file { '@ROOT@/r/f': }
concat_fragment { 'a': target => '@ROOT@/r/f', source => ['@ROOT@/src/none', '@ROOT@/src/nothing'] }
file { '@ROOT@/r/after': ensure => file, content => "x\n", require => Concat_file['@ROOT@/r/f'] }
