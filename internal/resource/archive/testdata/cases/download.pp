# Downloads without extraction: a local path, file:// and http sources;
# checksums of each type, given or read from checksum_url; a folder of
# path that does not exist yet is made.
archive { '@ROOT@/r/plain.tar':
  source => '@ROOT@/src/a.tar',
}
archive { '@ROOT@/r/new/deeper/fileuri.tar.bz2':
  source        => 'file://@ROOT@/src/a.tar.bz2',
  checksum      => 'dff40d8d34822102e21ee8fbe514b5ffe548186011f8198cb7dce0afdc3dff50',
  checksum_type => 'sha256',
}
archive { '@ROOT@/r/http.tar.gz':
  source        => '@URL@@ROOT@/src/a.tar.gz',
  checksum      => '18e29e7d201baa22cbb00013d8c0b7d4',
  checksum_type => 'md5',
}
archive { '@ROOT@/r/sha1.zip':
  source        => '@URL@@ROOT@/src/a.zip',
  checksum      => '18099f66207db6f5d3a214932e2737e300f30ead',
  checksum_type => 'sha1',
}
archive { '@ROOT@/r/sha512.tar.gz':
  source        => '@ROOT@/src/a.tar.gz',
  checksum      => '17479debbbb6f0fbdd4a57023f2026b2182f5fa2f987b16186da238419eaa2c1c47114c2b472e8d7cfd3e12f30729b7acebda219c68256f93f96243af63ac793',
  checksum_type => 'sha512',
}
archive { '@ROOT@/r/sumurl.tar.xz':
  source        => '@URL@@ROOT@/src/a.tar.xz',
  checksum_url  => '@URL@@ROOT@/src/a.tar.xz.sha256',
  checksum_type => 'sha256',
}
archive { '@ROOT@/r/sumfile.tar.xz':
  source        => '@ROOT@/src/a.tar.xz',
  checksum_url  => 'file://@ROOT@/src/a.tar.xz.sha256',
  checksum_type => 'sha256',
}
# setup: cd $ROOT/src && sha256sum a.tar.xz > a.tar.xz.sha256
