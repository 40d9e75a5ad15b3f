class a(String[3] $s = 'ab') { }
include a
