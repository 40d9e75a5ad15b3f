notify { 'x':
  message => 1 + [2, 'a', undef, {b => [2]}],
}
