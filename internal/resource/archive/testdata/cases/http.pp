# http sources: basic authentication (username and password, also a
# wrong password), through a proxy (proxy_server), allow_insecure, and
# a checksum_url that does not exist.
archive { '@ROOT@/r/auth.tar.gz':
  source   => '@URL@@ROOT@/src/private/a.tar.gz',
  username => 'reader',
  password => 's3cret',
}
archive { '@ROOT@/r/wrongpw.tar.gz':
  source   => '@URL@@ROOT@/src/private/a.tar.gz',
  username => 'reader',
  password => 'guess',
}
archive { '@ROOT@/r/proxied.tar.gz':
  source       => 'http://archive.invalid@ROOT@/src/a.tar.gz',
  proxy_server => '@URL@',
}
archive { '@ROOT@/r/insecure.tar.gz':
  source         => '@URL@@ROOT@/src/a.tar.gz',
  allow_insecure => true,
}
archive { '@ROOT@/r/nosum.tar.gz':
  source        => '@URL@@ROOT@/src/a.tar.gz',
  checksum_url  => '@URL@@ROOT@/src/missing.sha256',
  checksum_type => 'sha256',
}
