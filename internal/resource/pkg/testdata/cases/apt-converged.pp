# setup: $FIX purge; $FIX repo1; dpkg -i $DEBS/ordoprov-a_1.0_all.deb >/dev/null; apt-mark manual ordoprov-a >/dev/null
notify { 'kick': } ~> package { 'ordoprov-a': ensure => present }
