# setup: true
# after: update-alternatives --query ordotest-alt > $ROOT/r/query 2>&1; readlink $ROOT/bin/ordotest-alt > $ROOT/r/link 2>&1; readlink /etc/alternatives/ordotest-alt >> $ROOT/r/link 2>&1; true
alternatives { 'ordotest-none':
  path => '@ROOT@/a',
}
alternatives { 'ordotest-none2':
  mode => auto,
}
notify { 'after': require => Alternatives['ordotest-none'] }
notify { 'other': }
