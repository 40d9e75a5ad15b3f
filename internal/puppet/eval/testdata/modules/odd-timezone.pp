class { 'timezone': timezone => 'Europe/Berlin', hwutc => 'yes' }
