# setup: printf '\n# top\nab: b\n\n\n' > $ROOT/r/aliases && printf 'x: y\n\n' > $ROOT/r/one
mailalias { 'web': recipient => 'root', target => '@ROOT@/r/aliases' }
mailalias { 'gone': ensure => absent, target => '@ROOT@/r/one' }
mailalias { 'ab': ensure => absent, target => '@ROOT@/r/aliases' }
