# setup: true
mailalias { 'ftpx': recipient => 'root', target => '@ROOT@/r/missing/aliases' }
mailalias { 'web': recipient => 'root', target => '@ROOT@/r/aliases' }
