# setup: $FIX purge; $FIX repo1; dpkg -i $DEBS/ordoprov-a_1.0_all.deb >/dev/null
package { 'ordoprov-a': ensure => latest }
