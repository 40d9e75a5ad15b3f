notify { 'x':
  message => 'a' < default,
}
