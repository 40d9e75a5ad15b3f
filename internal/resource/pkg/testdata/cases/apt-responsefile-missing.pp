# setup: $FIX purge; $FIX repo1; rm -f $DEBS/ordoprov-a.missing
package { 'ordoprov-a': ensure => installed, responsefile => '@DEBS@/ordoprov-a.missing' }
