# setup: $FIX purge; $FIX repo1; echo 'ordoprov-a ordoprov-a/greeting string hello' > $DEBS/ordoprov-a.seed
package { 'ordoprov-a': ensure => installed, responsefile => '@DEBS@/ordoprov-a.seed' }
