# setup: printf '# keep\npm: root\nweb: admin\n' > $ROOT/r/aliases
mailalias { 'web': ensure => absent, target => '@ROOT@/r/aliases' }
mailalias { 'nothere': ensure => absent, target => '@ROOT@/r/aliases' }
