# setup: $FIX purge; echo 'ordoprov-a ordoprov-a/greeting string dpkg' > $DEBS/ordoprov-a.seed
package { 'ordoprov-a': ensure => installed, provider => dpkg, source => '@DEBS@/ordoprov-a_1.0_all.deb', responsefile => '@DEBS@/ordoprov-a.seed' }
