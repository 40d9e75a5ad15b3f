# setup: true
concat_file { '@ROOT@/r/f': format => 'json' }
concat_file { '@ROOT@/r/g': format => 'json', force => true }
concat_fragment { 'a': target => '@ROOT@/r/f', content => '{"k": "one", "same": 1}', order => '10' }
concat_fragment { 'b': target => '@ROOT@/r/f', content => '{"k": "two", "same": 1}', order => '20' }
concat_fragment { 'c': target => '@ROOT@/r/g', content => '{"k": "one"}', order => '10' }
concat_fragment { 'd': target => '@ROOT@/r/g', content => '{"k": "two"}', order => '20' }
file { '@ROOT@/r/after': ensure => file, content => "x\n", require => Concat_file['@ROOT@/r/f'] }
