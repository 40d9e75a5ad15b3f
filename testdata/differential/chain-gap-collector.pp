notify { 'c': }
notify { 'a': } -> Notify <| title == 'none' |> -> Notify['c']
notify { 'x': } -> [] ~> notify { 'z': }
