@notify { 'a': message => 1 }
Notify <| message == 1 |>
