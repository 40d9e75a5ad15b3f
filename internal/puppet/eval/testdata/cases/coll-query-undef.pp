@notify { 'a': }
Notify <| message == undef |>
