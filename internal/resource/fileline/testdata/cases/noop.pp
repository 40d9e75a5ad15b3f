# setup: printf 'a\n' > $ROOT/r/f
# flags: --noop
file_line { 'l': path => '@ROOT@/r/f', line => 'c' }
