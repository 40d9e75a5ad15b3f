class c(Struct[{a => Integer}] $x) {}
class { 'c': x => {} }
