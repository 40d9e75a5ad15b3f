notify { 'a': }
Notify <| |> { message => 'x', message => 'y' }
