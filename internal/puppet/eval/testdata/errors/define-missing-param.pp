define d($x) {}
d { "a": }
