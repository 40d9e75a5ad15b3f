class a(Array[String] $x = ['a', 1]) { }
include a
