notify { 'x':
  message => Hash[1, 'a'],
}
