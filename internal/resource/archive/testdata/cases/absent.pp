# ensure => absent removes the archive (not what it extracted).
archive { '@ROOT@/r/a.tar.gz':
  ensure       => absent,
  source       => '@ROOT@/src/a.tar.gz',
  extract      => true,
  extract_path => '@ROOT@/r/out',
  creates      => '@ROOT@/r/out/a/hello.txt',
}
archive { '@ROOT@/r/b.zip':
  ensure => absent,
}
# setup: cp $ROOT/src/a.tar.gz $ROOT/r/a.tar.gz && cp $ROOT/src/a.zip $ROOT/r/b.zip && mkdir -p $ROOT/r/out/a && echo was > $ROOT/r/out/a/hello.txt
