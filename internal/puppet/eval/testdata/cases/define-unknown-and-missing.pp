define d(String $needed, Integer $n = 1) {}
d { 'q': bogus => 1, other => 2, n => 'x' }
