class c(String $x) {}
class { 'c': x => 1, y => 2 }
