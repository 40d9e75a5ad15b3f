# setup: true
concat_file { '@ROOT@/r/f': validate_cmd => '/bin/false %' } -> notify { 'after': }
concat_fragment { 'a': target => '@ROOT@/r/f', content => "first\n" }
notify { 'other': }
