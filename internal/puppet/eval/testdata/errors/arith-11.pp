notify { 'x':
  message => {a => 1} + 1,
}
