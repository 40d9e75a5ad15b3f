# setup: true
concat_file { '@ROOT@/r/f': format => 'json' }
concat_fragment { 'a': target => '@ROOT@/r/f', content => '{"a": 1', order => '10' }
file { '@ROOT@/r/after': ensure => file, content => "x\n", require => Concat_file['@ROOT@/r/f'] }
