notify { ['a', 'b']: tag => 'left' }
notify { ['c', 'd']: tag => 'right' }
Notify <| tag == 'left' |> -> Notify <| tag == 'right' |>
