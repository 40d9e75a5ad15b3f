class c(Variant[Enum[a], Integer[1,2]] $x) {}
class { 'c': x => 'b' }
