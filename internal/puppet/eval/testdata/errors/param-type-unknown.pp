class c(Stdlib::Absolutepath $x) {}
class { 'c': x => 'a' }
