class a(Array[String, 2] $v = ['a']) { }
include a
