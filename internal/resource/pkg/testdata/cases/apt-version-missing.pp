# setup: $FIX purge; $FIX repo1
package { 'ordoprov-a': ensure => '3.0' } -> notify { 'after': }
notify { 'unrelated': }
