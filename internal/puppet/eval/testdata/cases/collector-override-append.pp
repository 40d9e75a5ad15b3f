notify { 'a': tag => ['t1'] }
notify { 'b': tag => ['t1'], before => Notify['c'] }
notify { 'c': }
notify { 'd': }
Notify <| tag == 't1' |> { before +> Notify['d'] }
