notify { 'x':
  message => 1.0 / 0,
}
