# setup: $FIX purge
package { 'ordoprov-b': ensure => installed, provider => dpkg, source => '@DEBS@/ordoprov-b_1.0_all.deb' }
