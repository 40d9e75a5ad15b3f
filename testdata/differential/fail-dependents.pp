# record: report
exec { 'bad': command => '/bin/false' }
notify { 'n1': require => Exec['bad'] }
notify { 'n2': subscribe => Exec['bad'] }
class c { notify { 'inc': } }
class { 'c': require => Exec['bad'] }
notify { 'unrelated': }
