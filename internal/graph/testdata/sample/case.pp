class a { notify { 'a1': } }
define d() { notify { "d-${title}": } }
include a
d { 'x': }
Class['a'] ~> D['x']
notify { 'n1': } -> notify { 'n2': require => Notify['n3'], subscribe => Notify['n3'] }
notify { 'n3': before => Notify['n4'], notify => Notify['n4'] }
notify { 'n4': alias => 'four' }
notify { 'n5': require => Notify['four'] }
file { '/tmp/gx/d': ensure => directory }
file { '/tmp/gx/d/f': ensure => file, require => File['/tmp/gx/d/'] }
file { '/tmp/gx/d/g': ensure => file, before => File['/tmp/gx/d'] }
