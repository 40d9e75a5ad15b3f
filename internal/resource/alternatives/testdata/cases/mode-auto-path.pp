# setup: update-alternatives --install $ROOT/bin/ordotest-alt ordotest-alt $ROOT/a 10 >/dev/null
# after: update-alternatives --query ordotest-alt > $ROOT/r/query 2>&1; readlink $ROOT/bin/ordotest-alt > $ROOT/r/link 2>&1; readlink /etc/alternatives/ordotest-alt >> $ROOT/r/link 2>&1; true
alternatives { 'ordotest-alt':
  path => '@ROOT@/a',
  mode => auto,
}
