# setup: true
ini_subsetting { 'q': path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'a', insert_type => middle }
notify { 'other': }
