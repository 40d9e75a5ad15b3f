# setup: printf 'pm: root\nweb: admin\n' > $ROOT/r/aliases
# flags: --noop
mailalias { 'web': ensure => absent, target => '@ROOT@/r/aliases' }
mailalias { 'pm': recipient => 'admin', target => '@ROOT@/r/aliases' }
mailalias { 'new': recipient => 'root', target => '@ROOT@/r/aliases' }
