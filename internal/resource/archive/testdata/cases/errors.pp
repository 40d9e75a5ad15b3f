# Failures, each of one resource (what requires it is skipped): a source
# that does not exist (path, file:// and http), a corrupt archive, a
# wrong checksum, a path that is a folder, an extract_path that does not
# exist, a temp_dir that does not exist, extract without extract_path, no source.
archive { '@ROOT@/r/nosrc.tar.gz':
  source => '@ROOT@/src/missing.tar.gz',
}
archive { '@ROOT@/r/nofile.tar.gz':
  source => 'file://@ROOT@/src/missing.tar.gz',
}
archive { '@ROOT@/r/nohttp.tar.gz':
  source => '@URL@@ROOT@/src/missing.tar.gz',
}
notify { 'after-nohttp': require => Archive['@ROOT@/r/nohttp.tar.gz'] }
archive { '@ROOT@/r/corrupt.tar.gz':
  source       => '@ROOT@/src/corrupt.tar.gz',
  extract      => true,
  extract_path => '@ROOT@/r/corrupt',
}
archive { '@ROOT@/r/badsum.tar.gz':
  source        => '@ROOT@/src/a.tar.gz',
  checksum      => '0000000000000000000000000000000000000000000000000000000000000000',
  checksum_type => 'sha256',
}
archive { '@ROOT@/r/isdir':
  source => '@ROOT@/src/a.tar.gz',
}
archive { '@ROOT@/r/noextract.tar.gz':
  source       => '@ROOT@/src/a.tar.gz',
  extract      => true,
  extract_path => '@ROOT@/r/nosuch',
}
archive { '@ROOT@/r/notemp.tar.gz':
  source   => '@ROOT@/src/a.tar.gz',
  temp_dir => '@ROOT@/nosuchtemp',
}
archive { '@ROOT@/r/nopath.tar.gz':
  source  => '@ROOT@/src/a.tar.gz',
  extract => true,
}
archive { '@ROOT@/r/nosource.tar.gz':
}
# setup: mkdir -p $ROOT/r/isdir $ROOT/r/corrupt
