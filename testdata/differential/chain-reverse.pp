notify { 'b': }
notify { 'a': }
Notify['b'] <- Notify['a']
