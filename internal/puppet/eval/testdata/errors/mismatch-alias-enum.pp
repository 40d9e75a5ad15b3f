type MyT = Enum[a, b]
class c(MyT $x) {}
class { 'c': x => 'z' }
