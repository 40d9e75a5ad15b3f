# flags: --noop
# record: report
file { '@ROOT@/r/f1': content => "1\n" }
file { '@ROOT@/r/f2': content => "2\n" }
exec { 'ro': command => '/bin/true', refreshonly => true, subscribe => [File['@ROOT@/r/f1'], File['@ROOT@/r/f2']] }
exec { 'normal': command => '/bin/true' }
notify { 'n': }
class a { file { '@ROOT@/r/a': ensure => directory } }
include a
