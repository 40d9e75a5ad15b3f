# setup: printf 'pm: root\nweb: "|/usr/bin/handler arg", admin@example.com, \047ops\047 , "a,b"\nlists: :include: /etc/mail/lists\n' > $ROOT/r/aliases
mailalias { 'pm': recipient => 'root', target => '@ROOT@/r/aliases' }
mailalias { 'web': recipient => ['|/usr/bin/handler arg', 'admin@example.com', 'ops', 'a,b'], target => '@ROOT@/r/aliases' }
mailalias { 'lists': file => '/etc/mail/lists', target => '@ROOT@/r/aliases' }
