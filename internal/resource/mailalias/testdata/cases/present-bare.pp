# setup: true
mailalias { 'ftpx': ensure => present, target => '@ROOT@/r/aliases' }
