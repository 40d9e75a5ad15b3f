# setup: true
mailalias { 'ftpx': recipient => 'root', target => '@ROOT@/r/aliases' }
