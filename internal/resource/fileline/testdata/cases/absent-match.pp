# setup: printf 'x=1\ny=2\n' > $ROOT/r/f
file_line { 'l': ensure => absent, path => '@ROOT@/r/f', match => '^x=', match_for_absence => true }
