@notify { 'a': tag => 'foo' }
Notify <| tag == 'Foo' |>
