@notify { 'a': message => 'x', tag => 't' }
@notify { 'b': message => 'y' }
Notify <| message == 'x' and tag == 't' or title == 'b' |>
