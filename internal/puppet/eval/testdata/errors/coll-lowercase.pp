@notify { 'a': }
notify <| |>
