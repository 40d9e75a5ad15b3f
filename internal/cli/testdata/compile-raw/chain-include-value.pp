class a { notify { 'a': } }
class b { notify { 'b': } }
include(a) -> include(b)
contain(a) ~> Notify['n']
notify { 'n': }
