class a(Hash[String, Integer] $h = { 1 => 2 }) { }
include a
