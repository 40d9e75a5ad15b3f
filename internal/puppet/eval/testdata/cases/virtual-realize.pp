@notify { 'v1': }
@notify { 'v2': }
@notify { 'v3': message => 'three' }
realize(Notify['v1'])
Notify <| message == 'three' |>
