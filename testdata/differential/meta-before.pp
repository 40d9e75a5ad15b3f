notify { 'b': }
notify { 'a': before => Notify['b'] }
