apt::mark { 'vim':
  setting => 'auto',
}
