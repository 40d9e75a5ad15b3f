# setup: mkdir -p $ROOT/r/etc/default && printf 'A=1\nB="two words"\nexport C=3\n# D=4\nE=5\nF=6\n' > $ROOT/r/etc/default/app && printf 'X=1\nY=1\n' > $ROOT/r/etc/default/other
augeas { 'vars':
  root    => '@ROOT@/r',
  incl    => '/etc/default/app',
  lens    => 'Shellvars.lns',
  changes => [
    'set A 10',
    'set B \'"three words here"\'',
    'rename E EE',
    'mv F G',
    'defvar v /files/etc/default/app',
    'set $v/H 8',
    'defnode n /files/etc/default/app/I 9',
    'clear C',
    'remove #comment',
  ],
}
augeas { 'many':
  root    => '@ROOT@/r',
  context => '/files/etc/default/other',
  changes => ['setm . * 7', 'clearm . Y'],
}
