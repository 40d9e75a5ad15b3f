# setup: printf 'x=1\nx=2\nz\n' > $ROOT/r/f
file_line { 'l': path => '@ROOT@/r/f', line => 'x=5', match => '^x=', multiple => true }
