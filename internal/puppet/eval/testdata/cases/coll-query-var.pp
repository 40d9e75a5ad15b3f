$v = 'x'
@notify { 'a': message => 'x' }
Notify <| message == $v |>
