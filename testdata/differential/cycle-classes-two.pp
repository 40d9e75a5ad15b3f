class a { notify { 'a1': } }
class b { notify { 'b1': } }
include a, b
Class['a'] -> Class['b']
Class['b'] -> Class['a']
