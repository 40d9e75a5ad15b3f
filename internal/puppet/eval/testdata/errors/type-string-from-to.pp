notify { 'x':
  message => String[2,1],
}
