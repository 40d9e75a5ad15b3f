class c(Integer $a, String $b, Integer $c) {}
class { 'c': b => 1 }
