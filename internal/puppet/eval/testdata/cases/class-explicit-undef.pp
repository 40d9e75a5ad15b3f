class c(String $x = 'd', Optional[String] $y = 'e', $z = 'f') { notify { 'n': message => [$x, $y, $z] } }
class { 'c': x => undef, y => undef, z => undef }
