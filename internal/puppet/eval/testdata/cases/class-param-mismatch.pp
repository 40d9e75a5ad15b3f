class a(String $x) { }
class { 'a': x => 1 }
