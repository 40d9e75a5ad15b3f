notify { 'a': require => [Notify['c'], Notify['b']] }
notify { 'b': }
notify { 'c': }
