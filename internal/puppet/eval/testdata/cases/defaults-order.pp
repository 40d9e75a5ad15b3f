notify { 'before-default': }
Notify { withpath => true }
notify { 'after-default': }
define d() { notify { "in-d-${title}": } }
d { 'x': }
