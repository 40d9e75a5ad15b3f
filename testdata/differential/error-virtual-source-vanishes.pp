@notify { 'v': }
notify { 'x': }
notify { 'y': }
Notify['v'] -> Notify['x']
Notify['y'] -> Notify['x']
