# setup: mkdir $ROOT/r/aliases.d && printf 'a: b\n' > $ROOT/r/other
mailalias { 'ftpx': recipient => 'root', target => '@ROOT@/r/aliases.d' }
mailalias { 'web': recipient => 'root', target => '@ROOT@/r/other' }
