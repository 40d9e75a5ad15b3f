# setup: $FIX purge; $FIX repo2; dpkg -i $DEBS/ordoprov-a_1.0_all.deb >/dev/null
# flags: --noop
package { 'ordoprov-a': ensure => latest }
