# setup: mkdir -p $ROOT/src/dir
concat_file { '@ROOT@/r/f': }
concat_fragment { 'a': target => '@ROOT@/r/f', source => '@ROOT@/src/dir' }
