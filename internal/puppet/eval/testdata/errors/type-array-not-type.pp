notify { 'x':
  message => Array[2],
}
