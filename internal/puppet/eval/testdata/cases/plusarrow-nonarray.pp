notify { 'b': }
notify { 'a': require => Notify['b'] }
notify { 'c': }
Notify <| title == 'a' |> { require +> Notify['c'] }
