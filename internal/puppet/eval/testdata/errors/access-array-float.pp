notify { 'x':
  message => [1,2,3][1.0],
}
