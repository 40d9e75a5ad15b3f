define d(Integer $x) {}
d { 't': y => 1 }
