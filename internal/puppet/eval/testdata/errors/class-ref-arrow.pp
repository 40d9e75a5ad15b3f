notify { 'a': }
Notify['a'] -> Class['nosuch']
