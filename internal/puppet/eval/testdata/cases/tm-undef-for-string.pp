class a(String $s = undef) { }
include a
