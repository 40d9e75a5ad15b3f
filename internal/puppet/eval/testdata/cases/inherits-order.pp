class p { notify { 'p': } }
class c inherits p { notify { 'c': } }
class d { include c }
include d
