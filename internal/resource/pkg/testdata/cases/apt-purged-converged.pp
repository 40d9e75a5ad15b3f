# setup: $FIX purge
package { 'ordoprov-a': ensure => purged }
