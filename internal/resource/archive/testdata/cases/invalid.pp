# A checksum_type that is not one: the catalog is refused.
archive { '@ROOT@/r/a.tar.gz':
  source        => '@ROOT@/src/a.tar.gz',
  checksum_type => 'crc32',
}
