# --noop: nothing is written.
debconf { 'ordotest/new':
  type  => 'string',
  value => 'x',
}
debconf { 'ordotest/greeting':
  type  => 'string',
  value => 'changed',
  seen  => false,
}
debconf { 'ordotest/gone':
  ensure => absent,
}
# flags: --noop
# setup: printf 'ordotest ordotest/greeting string before\nordotest ordotest/gone string bye\n' | debconf-set-selections
