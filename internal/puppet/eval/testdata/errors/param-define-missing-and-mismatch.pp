define d(Integer $x, String $y) {}
d { 't': y => 1 }
