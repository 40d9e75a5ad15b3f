class c(Scalar $x) {}
class { 'c': x => [1] }
