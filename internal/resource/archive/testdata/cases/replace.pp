# Archives present with another checksum are downloaded again ("replace
# archive"); an extracted one with cleanup => false whose archive is gone
# is downloaded again though creates exists; one whose creates exists
# with cleanup removes its archive.
archive { '@ROOT@/r/old.tar.gz':
  source        => '@ROOT@/src/a.tar.gz',
  checksum      => 'ef6d062d1b84ec77e9f3d249ad28c11fc6097a2a8c3579df58922b007a29de81',
  checksum_type => 'sha256',
}
archive { '@ROOT@/r/old.zip':
  source        => '@ROOT@/src/a.zip',
  checksum      => '18099f66207db6f5d3a214932e2737e300f30ead',
  checksum_type => 'sha1',
  extract       => true,
  extract_path  => '@ROOT@/r/zip',
  creates       => '@ROOT@/r/zip/a/hello.txt',
  cleanup       => false,
}
archive { '@ROOT@/r/kept.tar.gz':
  source        => '@ROOT@/src/a.tar.gz',
  extract       => true,
  extract_path  => '@ROOT@/r/kept',
  creates       => '@ROOT@/r/kept/a/hello.txt',
  cleanup       => false,
}
archive { '@ROOT@/r/clean.tar.gz':
  source        => '@ROOT@/src/a.tar.gz',
  extract       => true,
  extract_path  => '@ROOT@/r/clean',
  creates       => '@ROOT@/r/clean/a/hello.txt',
}
# setup: echo older > $ROOT/r/old.tar.gz && echo older > $ROOT/r/old.zip && mkdir -p $ROOT/r/zip $ROOT/r/kept/a $ROOT/r/clean/a && echo was > $ROOT/r/kept/a/hello.txt && echo was > $ROOT/r/clean/a/hello.txt && echo left > $ROOT/r/clean.tar.gz
