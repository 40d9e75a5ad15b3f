class c(Hash[Enum[a,b], Integer] $x) {}
class { 'c': x => {c => 1} }
