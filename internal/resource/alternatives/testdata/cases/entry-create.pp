# setup: true
# after: update-alternatives --query ordotest-alt > $ROOT/r/query 2>&1; readlink $ROOT/bin/ordotest-alt > $ROOT/r/link 2>&1; readlink /etc/alternatives/ordotest-alt >> $ROOT/r/link 2>&1; true
alternative_entry { '@ROOT@/a':
  ensure   => present,
  altlink  => '@ROOT@/bin/ordotest-alt',
  altname  => 'ordotest-alt',
  priority => 10,
}
alternative_entry { '@ROOT@/b':
  ensure   => present,
  altlink  => '@ROOT@/bin/ordotest-alt',
  altname  => 'ordotest-alt',
  priority => '20',
}
alternatives { 'ordotest-alt':
  path => '@ROOT@/a',
}
