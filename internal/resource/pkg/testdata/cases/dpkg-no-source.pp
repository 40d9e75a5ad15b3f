# setup: $FIX purge
package { 'ordoprov-c': ensure => installed, provider => dpkg } -> notify { 'after-c': }
notify { 'other': }
