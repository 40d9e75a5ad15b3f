# setup: printf 'pm: root\nweb: "|/usr/bin/handler arg", admin@example.com\nlists: :include: /etc/mail/lists\nother:x\n' > $ROOT/r/aliases
mailalias { 'pm': recipient => ['root', 'admin'], target => '@ROOT@/r/aliases' }
mailalias { 'web': recipient => 'admin@example.com', target => '@ROOT@/r/aliases' }
mailalias { 'lists': file => '/etc/mail/other', target => '@ROOT@/r/aliases' }
mailalias { 'other': recipient => 'y', target => '@ROOT@/r/aliases' }
