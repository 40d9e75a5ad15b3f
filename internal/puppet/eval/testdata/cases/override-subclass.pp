class base { notify { 'x': message => 'base' } }
class child inherits base { Notify['x'] { message => 'child', withpath => true } }
include child
