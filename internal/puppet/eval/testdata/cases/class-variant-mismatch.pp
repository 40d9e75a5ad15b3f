class a(Variant[String, Integer] $x = true) { }
include a
