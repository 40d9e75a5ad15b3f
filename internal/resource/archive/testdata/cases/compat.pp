# checksum_verify => false (a wrong checksum is not checked on download),
# a temp_dir that exists, and camptocamp/archive's names: url, target,
# digest_string, digest_type, digest_url.
archive { '@ROOT@/r/noverify.tar.gz':
  source          => '@ROOT@/src/a.tar.gz',
  checksum        => '0000000000000000000000000000000000000000000000000000000000000000',
  checksum_type   => 'sha256',
  checksum_verify => false,
  temp_dir        => '@ROOT@/tmp',
}
archive { '@ROOT@/r/compat.tar.gz':
  url           => '@URL@@ROOT@/src/a.tar.gz',
  digest_string => '18e29e7d201baa22cbb00013d8c0b7d4',
  digest_type   => 'md5',
  extract       => true,
  target        => '@ROOT@/r/out',
}
archive { '@ROOT@/r/compaturl.tar.xz':
  url         => '@ROOT@/src/a.tar.xz',
  digest_url  => 'file://@ROOT@/src/a.tar.xz.sha256',
  digest_type => 'sha256',
  cleanup     => false,
}
# setup: mkdir -p $ROOT/tmp $ROOT/r/out && cd $ROOT/src && sha256sum a.tar.xz > a.tar.xz.sha256
# after: ls $ROOT/tmp > $ROOT/r/tmp-left.txt
