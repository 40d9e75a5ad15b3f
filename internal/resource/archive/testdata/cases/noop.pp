# --noop: what would be downloaded, replaced, extracted and removed;
# nothing changes.
archive { '@ROOT@/r/new.tar.gz':
  source       => '@ROOT@/src/a.tar.gz',
  extract      => true,
  extract_path => '@ROOT@/r/out',
  creates      => '@ROOT@/r/out/a/hello.txt',
}
archive { '@ROOT@/r/old.tar.gz':
  source        => '@ROOT@/src/a.tar.gz',
  checksum      => 'ef6d062d1b84ec77e9f3d249ad28c11fc6097a2a8c3579df58922b007a29de81',
  checksum_type => 'sha256',
}
archive { '@ROOT@/r/gone.tar.gz':
  ensure => absent,
}
# flags: --noop
# setup: echo older > $ROOT/r/old.tar.gz && echo x > $ROOT/r/gone.tar.gz && mkdir $ROOT/r/out
