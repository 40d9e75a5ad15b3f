# setup: update-alternatives --install $ROOT/bin/ordotest-alt ordotest-alt $ROOT/a 10 >/dev/null && update-alternatives --install $ROOT/bin/ordotest-alt ordotest-alt $ROOT/b 20 >/dev/null
# flags: --noop
# after: update-alternatives --query ordotest-alt > $ROOT/r/query 2>&1; readlink $ROOT/bin/ordotest-alt > $ROOT/r/link 2>&1; readlink /etc/alternatives/ordotest-alt >> $ROOT/r/link 2>&1; true
alternatives { 'ordotest-alt':
  path => '@ROOT@/a',
  mode => manual,
}
alternative_entry { '@ROOT@/b':
  ensure   => absent,
  altlink  => '@ROOT@/bin/ordotest-alt',
  altname  => 'ordotest-alt',
}
alternative_entry { '@ROOT@/c':
  altlink  => '@ROOT@/bin/ordotest-alt',
  altname  => 'ordotest-alt',
  priority => 5,
}
