@notify { 'a': message => 'x' }
Notify <| title == 'a' and (message != /x/) |>
