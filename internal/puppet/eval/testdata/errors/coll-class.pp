class foo { }
Class <| |>
