notify { 'a': }
Notify['missing'] -> Notify['a']
