class c {}
c { 'x': }
