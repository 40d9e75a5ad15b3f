@notify { 'v': }
notify { 'x': }
Notify['x'] -> Notify['v']
