# setup: $FIX purge; $FIX repo1
package { 'ordoprov-a': ensure => installed }
