notify { 'star':
  message => [sprintf('[%-*s]', 6, 'ab'), sprintf('[%*s]', 6, 'ab'), sprintf('[%*s]', -5, 'x'), sprintf('[%0*d]', 4, 7)],
}
