notify { 'x':
  message => 'abc'[undef],
}
