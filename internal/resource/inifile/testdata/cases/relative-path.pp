# setup: true
ini_setting { 'rel': path => 'r/a.ini', section => 'main', setting => 'a', value => '1' }
notify { 'other': }
