# setup: mkdir -p $ROOT/r/etc $ROOT/lenses && printf 'key = value\n' > $ROOT/r/etc/simple.conf && printf 'module Simplekv =\n  let eol = del /\\n/ "\\n"\n  let entry = [ key /[a-z]+/ . del / = / " = " . store /[a-z0-9]+/ . eol ]\n  let lns = entry*\n' > $ROOT/lenses/simplekv.aug && printf 'Port 22\n' > $ROOT/r/sshd_config
# flags: --show_diff
augeas { 'custom-lens':
  incl      => '@ROOT@/r/etc/simple.conf',
  lens      => 'Simplekv.lns',
  load_path => '@ROOT@/lenses:@ROOT@/nothing',
  changes   => ['set key other', 'set second 2'],
}
augeas { 'custom-lens-array':
  incl      => '@ROOT@/r/etc/simple.conf',
  lens      => 'Simplekv.lns',
  load_path => ['@ROOT@/nothing', '@ROOT@/lenses'],
  changes   => 'set third 3',
  type_check => true,
  require   => Augeas['custom-lens'],
}
augeas { 'bad-value':
  incl      => '@ROOT@/r/etc/simple.conf',
  lens      => 'Simplekv.lns',
  load_path => '@ROOT@/lenses',
  changes   => 'set fourth "not allowed"',
  require   => Augeas['custom-lens-array'],
}
augeas { 'returns-one':
  incl    => '@ROOT@/r/sshd_config',
  lens    => 'Sshd.lns',
  changes => 'set Port 22',
  returns => 1,
}
augeas { 'new-file-diff':
  incl    => '@ROOT@/r/new/sshd_config',
  lens    => 'Sshd.lns',
  changes => 'set Port 2',
}
augeas { 'touch-bad':
  incl    => '@ROOT@/r/sshd_config',
  lens    => 'Sshd.lns',
  changes => ['touch Port[', 'touch X11Forwarding', 'touch Port'],
}
augeas { 'force-same':
  incl    => '@ROOT@/r/sshd_config',
  lens    => 'Sshd.lns',
  changes => 'set Port 22',
  force   => true,
}
