class a { notify { 'x': message => 'a' } }
include a
Notify['x'] { withpath => true }
