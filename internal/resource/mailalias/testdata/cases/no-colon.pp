# setup: printf 'pm: root\njunk line\n  # indented\n' > $ROOT/r/aliases
mailalias { 'web': recipient => 'root', target => '@ROOT@/r/aliases' }
