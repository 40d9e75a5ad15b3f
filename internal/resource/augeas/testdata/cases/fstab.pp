# setup: mkdir -p $ROOT/r/etc && printf '# /etc/fstab\nUUID=1234 / ext4 errors=remount-ro 0 1\n/dev/sdb1 /data xfs defaults 0 2\n' > $ROOT/r/etc/fstab
augeas { 'add-tmp':
  root    => '@ROOT@/r',
  context => '/files/etc/fstab',
  changes => [
    'ins 01 after 1',
    'set 01/spec tmpfs',
    'set 01/file /tmp',
    'set 01/vfstype tmpfs',
    'set 01/opt[1] nosuid',
    'set 01/opt[2] size',
    'set 01/opt[2]/value 1G',
    'set 01/dump 0',
    'set 01/passno 0',
  ],
  onlyif  => "match *[file = '/tmp'] size < 1",
}
augeas { 'data-noatime':
  root    => '@ROOT@/r',
  context => '/files/etc/fstab',
  changes => ['set *[file = "/data"]/opt noatime'],
  onlyif  => "values *[file = '/data']/opt not_include noatime",
}
augeas { 'touch-dump':
  root    => '@ROOT@/r',
  context => '/files/etc/fstab',
  changes => 'touch *[file = "/"]/dump',
}
