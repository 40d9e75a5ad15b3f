define d() { foo { 'x': } }
d { 'a': }
