# setup: userdel ordoflm 2>/dev/null; groupdel ordoflm 2>/dev/null; groupdel ordoflmg 2>/dev/null; groupadd -g 47813 ordoflmg; useradd -M -u 47812 -c 'Old Name' -s /bin/sh -d /nonexistent/ordoflm ordoflm
# cleanup: userdel ordoflm; groupdel ordoflm; groupdel ordoflmg
# requires: libuser
user { 'ordoflm':
  ensure             => present,
  forcelocal         => true,
  uid                => 47814,
  comment            => 'New Name',
  shell              => '/bin/bash',
  home               => '/nonexistent/ordoflm2',
  groups             => ['ordoflmg'],
  expiry             => '2032-02-02',
  password_min_age   => 2,
}
