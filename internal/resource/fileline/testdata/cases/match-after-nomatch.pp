# setup: printf '[main]\nfoo\n' > $ROOT/r/f
file_line { 'l': path => '@ROOT@/r/f', line => 'x=1', match => '^x=', after => '^\[main\]' }
