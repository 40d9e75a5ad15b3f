define d() { notify { 'x': } }
d { 'a': }
notify { 'x': }
