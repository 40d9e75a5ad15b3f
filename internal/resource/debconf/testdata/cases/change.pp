# Questions in the database with another value or seen flag, one in
# sync, one whose value is in sync but not its seen flag.
debconf { 'ordotest/greeting':
  type  => 'string',
  value => 'changed',
}
debconf { 'ordotest/flag':
  type  => 'boolean',
  value => 'false',
  seen  => true,
}
debconf { 'ordotest/same':
  type  => 'string',
  value => 'same',
}
debconf { 'ordotest/seenonly':
  type  => 'string',
  value => 'v',
  seen  => false,
}
# setup: printf 'ordotest ordotest/greeting string before\nordotest ordotest/flag boolean true\nordotest ordotest/same string same\nordotest ordotest/seenonly string v\n' | debconf-set-selections && echo 'ordotest ordotest/flag string x' | debconf-set-selections -u && echo 'ordotest ordotest/flag boolean true' | debconf-set-selections -u
