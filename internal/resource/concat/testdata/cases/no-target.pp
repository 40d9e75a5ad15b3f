# setup: true
concat_file { '@ROOT@/r/f': }
concat_fragment { 'a': target => '@ROOT@/r/f', content => "first\n" }
concat_fragment { 'lost': target => '@ROOT@/r/other', content => "x\n" }
