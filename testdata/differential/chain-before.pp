notify { 'b': }
notify { 'a': }
Notify['a'] -> Notify['b']
