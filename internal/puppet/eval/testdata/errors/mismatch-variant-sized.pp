class c(Variant[String[5], Array[String]] $x) {}
class { 'c': x => 'abc' }
