notify { 'a': require => 'Notify[b]', before => ['Notify[c]'] }
notify { 'c': }
notify { 'b': }
exec { 'ro': command => '/bin/true', refreshonly => true, subscribe => 'Notify[c]' }
