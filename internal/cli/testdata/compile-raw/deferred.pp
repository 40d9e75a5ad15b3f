notify { 'd':
  message => Deferred('sprintf', ['%s-%s', 'a', 'b']),
}
file { '@ROOT@/r/d':
  ensure  => file,
  content => Deferred('join', [['x', 'y'], ',']),
}
$d = Deferred('upcase', ['abc'])
notify { 'e':
  message => $d,
}
notify { 'f':
  message => "${d =~ Deferred}",
}
