define d($v = 'a') { notify { "d-${title}-${v}": } }
@d { 'virt': v => 'b' }
d { 'real': }
D <| title == 'virt' |> { v => 'c' }
