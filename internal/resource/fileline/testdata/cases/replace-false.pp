# setup: printf 'x=1\n' > $ROOT/r/f
file_line { 'l': path => '@ROOT@/r/f', line => 'x=5', match => '^x=', replace => false }
