notify { 'a':
  require => Class['nosuch'],
}
