# An https source whose certificate no one trusts: refused by curl unless
# allow_insecure; the ruby provider's own download with allow_insecure.
archive { '@ROOT@/r/insecure.tar.gz':
  source         => '@HTTPS@@ROOT@/src/a.tar.gz',
  allow_insecure => true,
}
archive { '@ROOT@/r/verified.tar.gz':
  source => '@HTTPS@@ROOT@/src/a.tar.gz',
}
archive { '@ROOT@/r/ruby-insecure.tar.gz':
  provider       => ruby,
  source         => '@HTTPS@@ROOT@/src/a.tar.gz',
  allow_insecure => true,
}
