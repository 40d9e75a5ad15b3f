# setup: $FIX purge; dpkg -i $DEBS/ordoprov-b_1.0_all.deb >/dev/null
package { 'ordoprov-b': ensure => latest, provider => dpkg, source => '@DEBS@/ordoprov-b_1.0_all.deb' }
