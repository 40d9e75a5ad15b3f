# A size that is not a number: the catalog is refused.
ssl_pkey { '@ROOT@/r/bad.key': size => 'big' }
