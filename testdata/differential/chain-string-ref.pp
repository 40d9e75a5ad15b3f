notify { 'a': }
notify { 'b': }
'Notify[b]' -> 'Notify[a]'
