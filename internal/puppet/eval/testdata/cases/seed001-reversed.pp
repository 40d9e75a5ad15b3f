notify { 'a': }
notify { 'b': }
notify { 'c': }
notify { 'd': }
Notify['a'] <- Notify['b']
Notify['c'] <~ Notify['d']
