class a(Optional[String] $x = 5) { }
include a
