# setup: printf 'x\n' > $ROOT/r/f
concat_file { '@ROOT@/r/f': ensure => absent }
concat_fragment { 'a': target => '@ROOT@/r/f', content => "first\n" }
