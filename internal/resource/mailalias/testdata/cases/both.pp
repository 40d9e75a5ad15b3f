# setup: true
mailalias { 'ftpx': recipient => 'root', file => '/etc/x', target => '@ROOT@/r/aliases' }
