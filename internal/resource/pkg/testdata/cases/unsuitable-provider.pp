# setup: $FIX purge
package { 'ordoprov-c': ensure => installed, provider => yum } -> notify { 'after': }
notify { 'other': }
