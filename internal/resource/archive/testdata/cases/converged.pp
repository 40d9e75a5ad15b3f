# Nothing to do: an archive present with the right checksum, one present
# without checksum, an extracted one whose creates exists (its archive,
# cleaned up before, stays absent) and an absent one that is absent.
archive { '@ROOT@/r/have.tar.gz':
  source        => '@ROOT@/src/a.tar.gz',
  checksum      => 'ef6d062d1b84ec77e9f3d249ad28c11fc6097a2a8c3579df58922b007a29de81',
  checksum_type => 'sha256',
}
archive { '@ROOT@/r/any.tar.gz':
  source => '@ROOT@/src/a.tar.gz',
}
archive { '@ROOT@/r/gone.tar.gz':
  source       => '@ROOT@/src/a.tar.gz',
  extract      => true,
  extract_path => '@ROOT@/r/out',
  creates      => '@ROOT@/r/out/a/hello.txt',
}
archive { '@ROOT@/r/absent.tar.gz':
  ensure => absent,
  source => '@ROOT@/src/a.tar.gz',
}
# setup: cp $ROOT/src/a.tar.gz $ROOT/r/have.tar.gz && echo other > $ROOT/r/any.tar.gz && mkdir -p $ROOT/r/out/a && echo was > $ROOT/r/out/a/hello.txt
