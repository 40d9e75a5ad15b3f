notify { 'x':
  message => Integer[2,1],
}
