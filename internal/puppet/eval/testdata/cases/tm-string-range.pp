class a(String[1, 2] $s = 'abc') { }
include a
