stage { 'pre': before => Stage['main'] }
class a { notify { 'a': } }
class b { contain a notify { 'b': } }
class { 'a': stage => 'pre' }
include b
