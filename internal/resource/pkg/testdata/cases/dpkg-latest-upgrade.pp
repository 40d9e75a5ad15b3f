# setup: $FIX purge; dpkg -i $DEBS/ordoprov-a_1.0_all.deb >/dev/null
package { 'ordoprov-a': ensure => latest, provider => dpkg, source => '@DEBS@/ordoprov-a_2.0_all.deb' }
