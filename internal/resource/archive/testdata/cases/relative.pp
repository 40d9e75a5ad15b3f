# A relative path: the catalog is refused.
archive { 'r/a.tar.gz':
  source => '@ROOT@/src/a.tar.gz',
}
