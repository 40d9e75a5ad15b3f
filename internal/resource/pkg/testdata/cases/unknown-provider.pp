# setup: $FIX purge
package { 'ordoprov-c': ensure => installed, provider => nosuch }
