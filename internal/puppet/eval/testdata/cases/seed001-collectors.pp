package { ['a', 'b']: ensure => present }
file { '/x': ensure => file }
File <| |> -> Package <| |>
