@notify { 'a': tag => ['x', 'y'] }
Notify <| tag == 'y' |>
