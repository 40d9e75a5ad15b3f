class c(Integer $x) {}
class { 'c': x => Sensitive('a') }
