# setup: true
mailalias { 'ftpx': file => 'lists', target => '@ROOT@/r/aliases' }
