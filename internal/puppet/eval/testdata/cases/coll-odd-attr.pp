@notify { 'a': message => 'm' }
Notify <| nosuch == 'x' |>
