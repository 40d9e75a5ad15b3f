class a(NotUndef $v = undef) { }
include a
