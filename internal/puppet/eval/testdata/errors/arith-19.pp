notify { 'x':
  message => 1.5 << 2,
}
