@notify { 'v': }
Notify['v'] -> Notify['x']
