$b = Binary('aGVsbG8=')
$c = Binary('hello', '%s')
notify { 'binary':
  message => ["${b}", "${c}", $b == $c, $b.length, $b =~ Binary, String($c, '%s'), String($c, '%B'), String($c, '%p')],
}
file { '@ROOT@/r/b':
  ensure  => file,
  content => $c,
}
