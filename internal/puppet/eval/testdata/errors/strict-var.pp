# flags: --strict_variables
notify { 'x':
  message => "value ${nope}",
}
