# extract_command with and without %s, extract_flags as a string and as
# a hash, user and group for the extraction (the archive becomes 0644).
archive { '@ROOT@/r/custom.tar.gz':
  source          => '@ROOT@/src/a.tar.gz',
  extract         => true,
  extract_path    => '@ROOT@/r/custom',
  extract_command => 'tar xzf %s a/hello.txt',
  creates         => '@ROOT@/r/custom/a/hello.txt',
}
archive { '@ROOT@/r/nopct.tar':
  source          => '@ROOT@/src/a.tar',
  extract         => true,
  extract_path    => '@ROOT@/r/nopct',
  extract_command => 'tar',
  extract_flags   => 'xvf',
  cleanup         => false,
}
archive { '@ROOT@/r/flags.tar.gz':
  source        => '@ROOT@/src/a.tar.gz',
  extract       => true,
  extract_path  => '@ROOT@/r/flags',
  extract_flags => { 'tar' => 'xzvf' },
}
archive { '@ROOT@/r/as-user.zip':
  source       => '@ROOT@/src/a.zip',
  extract      => true,
  extract_path => '@ROOT@/r/user',
  user         => 'nobody',
  group        => 'nogroup',
  cleanup      => false,
}
# setup: chmod 755 $ROOT && mkdir -p $ROOT/r/custom $ROOT/r/nopct $ROOT/r/flags $ROOT/r/user && chmod 777 $ROOT/r/user
# after: stat -c "%a %U" $ROOT/r/as-user.zip > $ROOT/r/as-user.mode; stat -c "%U %G" $ROOT/r/user/a/hello.txt > $ROOT/r/user.owner 2>&1 || true
