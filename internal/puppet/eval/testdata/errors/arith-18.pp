notify { 'x':
  message => 2 * *3,
}
