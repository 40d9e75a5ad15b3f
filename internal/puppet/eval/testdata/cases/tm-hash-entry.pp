class a(Hash[String, Integer] $h = { 'k' => 'v' }) { }
include a
