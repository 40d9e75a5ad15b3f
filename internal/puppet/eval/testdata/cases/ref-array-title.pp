notify { 'a': } notify { 'b': }
notify { 'n': require => Notify[['a', 'b']] }
