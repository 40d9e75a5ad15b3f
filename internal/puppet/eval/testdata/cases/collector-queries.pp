@notify { 'alpha': message => 'x' }
@notify { 'beta': message => ['x', 'y'] }
@notify { 'gamma': message => 'z' }
@notify { 'delta': }
Notify <| title == 'Alpha' |>
Notify <| message == 'y' and title != 'gamma' |>
Notify <| message == undef |>
