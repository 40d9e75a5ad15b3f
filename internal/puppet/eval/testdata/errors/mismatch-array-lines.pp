define d(Array[Integer] $x) {}
d { 't': x => [1, 'a', 2.5] }
