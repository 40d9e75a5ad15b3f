# setup: mkdir -p $ROOT/r/etc/default && printf 'A=1\nB="two words"\nexport C=3\n# D=4\nE=5\nF=6\n' > $ROOT/r/etc/default/app && printf 'X=1\nY=1\nZ=1\n' > $ROOT/r/etc/default/other
augeas { 'vars':
  root    => '@ROOT@/r',
  incl    => '/etc/default/app',
  lens    => 'Shellvars.lns',
  changes => "set A 10\nset B '\"three words here\"'\n  rename E EE\nmv F G\n\ndefvar v /files/etc/default/app\nset \$v/H 8\ndefnode n /files/etc/default/app/I 9\nset \$n/../J \$n\nremove #comment\n",
}
augeas { 'many':
  root    => '@ROOT@/r',
  context => '/files/etc/default/other',
  changes => ['setm . * 7', 'set * 8', 'rm Z'],
}
augeas { 'many-set':
  root    => '@ROOT@/r',
  context => '/files/etc/default/other',
  changes => ['set * 9'],
  require => Augeas['many'],
}
