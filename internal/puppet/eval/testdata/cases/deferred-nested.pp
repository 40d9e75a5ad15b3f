$d = Deferred('sprintf', ['%s', 'a'])
$outer = Deferred('join', [[{ 'k' => $d, 'n' => [$d] }], ','])
notify { 'nested':
  message => [$d =~ Deferred, 'x' =~ Deferred, "${outer}"],
}
