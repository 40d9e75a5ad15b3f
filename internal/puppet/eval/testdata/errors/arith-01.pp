notify { 'x':
  message => [1] * 2,
}
