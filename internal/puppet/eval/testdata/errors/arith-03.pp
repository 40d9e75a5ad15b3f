notify { 'x':
  message => 5 % 2.0,
}
