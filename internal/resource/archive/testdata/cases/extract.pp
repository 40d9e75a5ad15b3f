# Each kind of archive downloaded from a local path and extracted with
# tar or unzip, as the provider runs them; cleanup removes the archive.
archive { '@ROOT@/r/dl/a.tar.gz':
  source       => '@ROOT@/src/a.tar.gz',
  extract      => true,
  extract_path => '@ROOT@/r/gz',
  creates      => '@ROOT@/r/gz/a/hello.txt',
}
archive { '@ROOT@/r/dl/a.tar.bz2':
  source       => 'file://@ROOT@/src/a.tar.bz2',
  extract      => true,
  extract_path => '@ROOT@/r/bz2',
  creates      => '@ROOT@/r/bz2/a/hello.txt',
  cleanup      => false,
}
archive { '@ROOT@/r/dl/a.tar.xz':
  source       => '@ROOT@/src/a.tar.xz',
  extract      => true,
  extract_path => '@ROOT@/r/xz',
  creates      => '@ROOT@/r/xz/a/sub/deep.txt',
}
archive { '@ROOT@/r/dl/a.zip':
  source       => '@ROOT@/src/a.zip',
  extract      => true,
  extract_path => '@ROOT@/r/zip',
  creates      => '@ROOT@/r/zip/a/hello.txt',
}
archive { '@ROOT@/r/dl/a.tar':
  source       => '@ROOT@/src/a.tar',
  extract      => true,
  extract_path => '@ROOT@/r/tar',
}
archive { '@ROOT@/r/dl/a.tgz':
  source       => '@ROOT@/src/a.tgz',
  extract      => true,
  extract_path => '@ROOT@/r/tgz',
  cleanup      => true,
}
# setup: mkdir -p $ROOT/r/dl $ROOT/r/gz $ROOT/r/bz2 $ROOT/r/xz $ROOT/r/zip $ROOT/r/tar $ROOT/r/tgz
