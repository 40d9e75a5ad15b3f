define d(Enum[a] $x) {}
d { 't': x => 1 }
