notify { 'c': }
notify { 'b': }
notify { 'a': before => [Notify['b'], Notify['c']] }
