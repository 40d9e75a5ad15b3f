$refs = ['one', 'two', 'three'].map |$n| { notify { "n-${n}": } }
$refs -> notify { 'last': }
$files = file { ['@ROOT@/r/a', '@ROOT@/r/b']: ensure => file }
notify { 'first': } -> $files
