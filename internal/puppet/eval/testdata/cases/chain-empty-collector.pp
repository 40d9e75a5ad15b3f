notify { 'a': } -> Notify <| title == 'nomatch' |> -> notify { 'c': }
notify { 'x': } -> Package <| |> -> notify { 'z': }
