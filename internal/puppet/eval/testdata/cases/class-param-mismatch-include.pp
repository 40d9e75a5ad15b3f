class a(Integer $x = 'no') { }
include a
