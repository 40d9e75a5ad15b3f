# setup: printf 'pm: root\nlists: :include: /etc/mail/lists\n' > $ROOT/r/aliases
mailalias { 'pm': file => '/etc/mail/pm', target => '@ROOT@/r/aliases' }
mailalias { 'lists': recipient => 'root', target => '@ROOT@/r/aliases' }
