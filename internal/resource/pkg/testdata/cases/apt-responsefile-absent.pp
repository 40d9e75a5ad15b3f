# setup: $FIX purge; $FIX repo1; dpkg -i $DEBS/ordoprov-a_1.0_all.deb >/dev/null; echo 'ordoprov-a ordoprov-a/greeting string bye' > $DEBS/ordoprov-a.seed
package { 'ordoprov-a': ensure => absent, responsefile => '@DEBS@/ordoprov-a.seed' }
