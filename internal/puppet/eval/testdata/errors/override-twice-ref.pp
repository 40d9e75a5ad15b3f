class b { notify { 'a': } }
class c inherits b { Notify['a'] { message => 'x' } }
include c
Notify['a'] { message => 'y' }
