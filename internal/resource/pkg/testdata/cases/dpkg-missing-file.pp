# setup: $FIX purge; dpkg -i $DEBS/ordoprov-b_1.0_all.deb >/dev/null
package { 'ordoprov-b': ensure => absent, provider => dpkg }
package { 'ordoprov-c': ensure => installed, provider => dpkg, source => '@DEBS@/ordoprov-c_1.0_all.deb' } -> notify { 'after-c': }
notify { 'other': }
