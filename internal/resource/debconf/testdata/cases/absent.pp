# Questions removed (UNREGISTER), and one that is not there.
debconf { 'ordotest/gone':
  ensure => absent,
}
debconf { 'ordotest/never':
  ensure => absent,
}
# setup: printf 'ordotest ordotest/gone string bye\nordotest ordotest/kept string stays\n' | debconf-set-selections
