# DH parameters: a size, fastmode (-dsaparam), a mode; one without any
# property is not managed at all.
dhparam { '@ROOT@/r/dh.pem': size => 512, mode => '0644', ensure => present }
dhparam { '@ROOT@/r/dsa.pem': size => 512, fastmode => true, ensure => present }
dhparam { '@ROOT@/r/none.pem': size => 512 }
