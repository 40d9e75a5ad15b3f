# setup: true
concat_file { 'out': path => '@ROOT@/r/f', order => alpha, ensure_newline => true }
concat_fragment { 'x': target => 'out', content => 'ten', order => '10' }
concat_fragment { 'y': target => 'out', content => 'nine', order => '9' }
concat_fragment { 'z': target => 'out', content => "one\n", order => '1' }
