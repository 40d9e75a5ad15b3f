# setup: printf '[main]\nfoo\n[other]\n' > $ROOT/r/f
file_line { 'l': path => '@ROOT@/r/f', line => 'bar', after => '^\[main\]' }
