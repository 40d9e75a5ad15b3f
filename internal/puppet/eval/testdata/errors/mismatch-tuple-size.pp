class c(Tuple[Integer, String] $x) {}
class { 'c': x => [1] }
