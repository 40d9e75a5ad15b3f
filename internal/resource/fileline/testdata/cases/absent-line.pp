# setup: printf 'a\nb\na\n' > $ROOT/r/f
file_line { 'l': ensure => absent, path => '@ROOT@/r/f', line => 'a' }
