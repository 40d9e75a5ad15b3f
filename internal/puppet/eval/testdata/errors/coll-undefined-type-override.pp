Nosuch <| |> { x => 1 }
