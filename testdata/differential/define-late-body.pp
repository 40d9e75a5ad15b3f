define d() { notify { "in-${title}": } }
notify { 'before-default': }
d { 'x': }
notify { 'after-default': }
class k { notify { 'in-class': } }
include k
