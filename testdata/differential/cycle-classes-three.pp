# record: graph
class a { notify { 'a1': } }
class b { notify { 'b1': } }
class c { notify { 'c1': } }
include a, b, c
Class['a'] -> Class['b'] -> Class['c'] -> Class['a']
