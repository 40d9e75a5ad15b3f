class c(Type[Integer] $x) {}
class { 'c': x => String }
