# record: graph
notify { 'a': before => Notify['b'] }
notify { 'b': before => Notify['c'] }
notify { 'c': before => Notify['a'] }
notify { 'self': require => Notify['self'] }
