# setup: mkdir -p $ROOT/src && printf 'from a file\n' > $ROOT/src/one && printf 'second' > $ROOT/src/two
concat_file { '@ROOT@/r/f': ensure_newline => true }
concat_fragment { 'a': target => '@ROOT@/r/f', source => '@ROOT@/src/one', order => '10' }
concat_fragment { 'b': target => '@ROOT@/r/f', source => ['@ROOT@/src/missing', 'file://@ROOT@/src/two'], order => '20' }
concat_fragment { 'c': target => '@ROOT@/r/f', content => "inline\n", order => '30' }
