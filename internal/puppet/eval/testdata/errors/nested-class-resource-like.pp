class c {}
class { "c": }
class { "c": }
