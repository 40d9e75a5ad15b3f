notify { 'a': }
Notify['a'] -> 1
