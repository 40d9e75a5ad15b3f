stage { 'pre': before => Stage['main'] }
class a { notify { 'ina': } }
class b { contain a }
class { 'a': stage => 'pre' }
include b
