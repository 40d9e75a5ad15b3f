notify { 'a': message => 'one' }
Notify <| title == 'a' |> { message +> 'two' }
