file { '/tmp/x/': ensure => file }
notify { 5: }
define d() {}
d { 7: }
$t = 9
notify { $t: message => 'm' }
