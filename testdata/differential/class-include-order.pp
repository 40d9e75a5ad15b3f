class c1 { notify { 'a': } notify { 'b': } }
class c2 { notify { 'c': require => Notify['b'] } }
class c3 { notify { 'd': } }
include c2, c1, c3
