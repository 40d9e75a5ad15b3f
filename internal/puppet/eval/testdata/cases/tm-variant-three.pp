class a(Variant[String, Integer, Array] $v = true) { }
include a
