class a(String $x) { }
include a
