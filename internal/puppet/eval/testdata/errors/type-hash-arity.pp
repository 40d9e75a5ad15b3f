notify { 'x':
  message => Hash[String],
}
