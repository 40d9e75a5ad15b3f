@notify { 'a': }
Notify <| |> { nosuch => 1 }
