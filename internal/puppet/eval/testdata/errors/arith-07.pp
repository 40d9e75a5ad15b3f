notify { 'x':
  message => 1 << 70,
}
