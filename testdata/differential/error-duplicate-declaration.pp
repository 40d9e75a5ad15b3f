class a { notify { 'x': } }
include a
class { 'a': }
