# setup: printf 'a:b: root\n' > $ROOT/r/aliases
mailalias { 'x:y': recipient => 'root', target => '@ROOT@/r/aliases' }
mailalias { 'a:b': recipient => 'root', target => '@ROOT@/r/aliases' }
