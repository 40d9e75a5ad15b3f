# Questions that are not in the database are created: a string with
# white space around it (removed), a boolean marked seen, a select
# whose item is not its title and whose package is another, a
# password.
debconf { 'ordotest/greeting':
  type  => 'string',
  value => '  hello there  ',
}
debconf { 'ordotest/enabled':
  type  => 'boolean',
  value => 'true',
  seen  => true,
}
debconf { 'choice':
  item    => 'ordotest/choice',
  package => 'ordo-other',
  type    => 'select',
  value   => 'second',
  seen    => false,
}
debconf { 'ordotest/secret':
  type  => 'password',
  value => 'hunter2',
}
# setup: echo "ordotest ordotest/kept string stays" | debconf-set-selections
