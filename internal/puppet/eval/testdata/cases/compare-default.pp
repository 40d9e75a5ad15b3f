notify { 'x':
  message => [default <= default, default < default, default >= default, default > default],
}
