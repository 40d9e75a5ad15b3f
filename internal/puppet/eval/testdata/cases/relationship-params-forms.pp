notify { 'a': before => [Notify['b'], [Notify['c']]], notify => undef }
notify { 'b': }
notify { 'c': subscribe => Notify['b'] }
