notify { 'a': }
Notify['a'] -> foo
