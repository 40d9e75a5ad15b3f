notify { 'a': message => String('has space', '%#p') }
notify { 'b': message => String('has space', '%p') }
notify { 'c': message => String("it's", '%p') }
notify { 'd': message => String("a\tb", '%p') }
notify { 'e': message => String('a"b$\\', '%#p') }
notify { 'f': message => "[${String('abc', '%-6s')}][${String('abcdef', '%.2s')}][${String('foo::bar', '%C')}][${String('  x ', '%#t')}][${String('Hello', '%8.3p')}][${String('MiXed', '%d')}][${String('mixed', '%#u')}][${String('é', '%3s')}]" }
