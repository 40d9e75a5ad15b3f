# setup: printf '# aliases\n\npm: root\nweb: "|/usr/bin/handler arg", admin@example.com, \047ops\047 , "a,b"\n' > $ROOT/r/aliases
mailalias { 'ftpx': recipient => 'root', target => '@ROOT@/r/aliases' }
mailalias { 'team': recipient => ['alice', 'bob@example.com', '|/usr/bin/prog -x', 'x,y', 'first.last+tag'], target => '@ROOT@/r/aliases' }
mailalias { 'lists': file => '/etc/mail/lists', target => '@ROOT@/r/aliases' }
