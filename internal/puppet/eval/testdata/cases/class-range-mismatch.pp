class a(Integer[1, 10] $x = 20) { }
include a
