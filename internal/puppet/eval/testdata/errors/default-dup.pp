Notify {
  message => 'x',
  message => 'y',
}
