class base { $v = 'base' notify { 'base': } }
class child inherits base { notify { 'child': message => $v } }
include child
