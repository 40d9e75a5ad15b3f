# setup: true
file_line { 'l': path => '@ROOT@/r/nofile', line => 'c' } -> notify { 'after': }
notify { 'other': }
