# setup: printf 'first\nsecond\n' > $ROOT/r/f
concat_file { '@ROOT@/r/f': }
concat_fragment { 'b': target => '@ROOT@/r/f', content => "second\n", order => '20' }
concat_fragment { 'a': target => '@ROOT@/r/f', content => "first\n", order => 10 }
