# setup: true
ini_subsetting { 'q': path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'a', quote_char => 'x' }
notify { 'other': }
