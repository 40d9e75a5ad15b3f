class a($x = 1) { }
class { 'a': y => 1 }
