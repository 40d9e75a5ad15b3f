notify { 'x':
  message => 1 - 1.5e300 * 1e300,
}
