notify { 'a': }
Notify <| title == 'a' |> { message +> 'y' }
