define d($a, $a) { }
d { 'x': a => 1 }
