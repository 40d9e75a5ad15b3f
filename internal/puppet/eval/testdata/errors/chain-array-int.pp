notify { 'a': }
notify { 'b': }
[Notify['a'], 1] -> Notify['b']
