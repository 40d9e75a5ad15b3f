$s = Sensitive('topsecret')
notify { 'n':
  message => $s,
}
notice($s)
notice("${s}")
file { '@ROOT@/r/s':
  ensure  => file,
  content => Sensitive("line\n"),
}
