notify { 'a': }
Notify <| title == 'a' |> { message => 'x' }
Notify <| title == 'a' |> { message => 'y' }
