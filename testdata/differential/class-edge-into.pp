class a { notify { 'a1': } notify { 'a2': } }
include a
notify { 'x': }
Notify['x'] -> Class['a']
