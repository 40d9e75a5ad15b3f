# setup: true
mailalias { 'q1': recipient => ['a"b', "'single'", 'tab\there', 'ünï', ''], target => '@ROOT@/r/aliases' }
mailalias { 'q2': recipient => [], target => '@ROOT@/r/aliases' }
