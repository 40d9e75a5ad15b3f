class a { }
include a
class { 'a': }
