# Keys of each kind, with and without a password, and their files' owner,
# group and mode; a key made absent.
# setup: cp pki/b.key r/old.key && chmod 0644 r/old.key && cp pki/a.key r/gone.key
ssl_pkey { '@ROOT@/r/rsa.key': size => 1024 }
ssl_pkey { '@ROOT@/r/ec.key': authentication => ec, mode => '0640' }
ssl_pkey { '@ROOT@/r/ec256.key': authentication => ec, curve => 'prime256v1', password => 'secret', owner => 'root', group => 'root', mode => '0600' }
ssl_pkey { '@ROOT@/r/rsa-pw.key': size => 1024, password => 'secret', mode => '0400' }
ssl_pkey { '@ROOT@/r/old.key': mode => '0600', owner => 'nobody' }
ssl_pkey { '@ROOT@/r/gone.key': ensure => absent }
ssl_pkey { '@ROOT@/r/unmanaged.key': }
