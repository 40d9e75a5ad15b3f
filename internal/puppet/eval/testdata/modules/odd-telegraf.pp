class { 'telegraf': manage_repo => false, interval => 10 }
