# setup: printf 'a\nb\n' > $ROOT/r/f
file_line { 'l': path => '@ROOT@/r/f', line => 'c' }
file_line { 'present-already': path => '@ROOT@/r/f', line => 'a' }
