stage { 'pre': }
Stage['pre'] -> Stage['main']
class a { notify { 'a': } }
class b { notify { 'b': } }
class { 'a': stage => 'pre' }
include b
