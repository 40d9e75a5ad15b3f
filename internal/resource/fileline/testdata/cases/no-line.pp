# setup: true
file_line { 'l': path => '@ROOT@/r/f' }
