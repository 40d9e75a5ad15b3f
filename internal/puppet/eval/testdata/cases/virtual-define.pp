define d() { notify { "d ${title}": } }
@d { 'a': }
D <| |>
