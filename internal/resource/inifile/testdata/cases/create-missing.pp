# setup: true
ini_setting { 'k': path => '@ROOT@/r/a.ini', section => 'main', setting => 'k', value => 'v' }
ini_setting { 'k2': path => '@ROOT@/r/a.ini', section => 'main', setting => 'k2', value => 'v2' }
ini_setting { 'g': path => '@ROOT@/r/a.ini', setting => 'g', value => 'top' }
ini_setting { 'o': path => '@ROOT@/r/a.ini', section => 'other', setting => 'x', value => 1 }
