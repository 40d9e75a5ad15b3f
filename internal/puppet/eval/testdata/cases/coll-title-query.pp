@notify { 'a': }
@notify { 'b': }
Notify <| title == 'a' |>
