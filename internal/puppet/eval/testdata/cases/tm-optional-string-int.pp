define d(Optional[String] $x = undef) { }
d { 'a': x => 3 }
