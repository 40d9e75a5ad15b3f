# setup: true
concat_file { '@ROOT@/r/f': }
concat_fragment { 'a': target => '@ROOT@/r/f', content => "first\n", source => '/etc/hostname' }
