define d() { notify { "in-${title}": } }
notify { 'y': }
d { 'x': }
D['x'] -> Notify['y']
notify { 'w': } -> D['x']
