notify { 'x':
  message => true * 2,
}
