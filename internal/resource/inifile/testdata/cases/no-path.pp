# setup: true
ini_setting { 'nopath': section => 'main', setting => 'a', value => '1' } -> notify { 'after': }
notify { 'other': }
