$s = Sensitive('secret')
file { '@ROOT@/r/s': content => $s }
notify { 'n': message => $s.unwrap }
