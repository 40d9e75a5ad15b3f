notify { 'x':
  message => '09' + 1,
}
