class base { notify { 'x': } }
class child inherits base { Notify['x'] { tag => 'extra' } }
include child
