include postfix
postfix::hash { '/etc/postfix/sasl_passwd':
  ensure  => 'present',
  content => '#Destination                Credentials\nsmtp.example.com            gssapi:nopassword',
}
postfix::hash { '/etc/postfix/transport':
  ensure  => present,
}
postfix::config { 'transport_maps':
  ensure  => present,
  value   => 'hash:/etc/postfix/transport',
}
postfix::hash { '/etc/postfix/virtual':
  ensure => present,
}
postfix::config { 'virtual_alias_maps':
  ensure  => present,
  value   => 'hash:/etc/postfix/virtual',
}
postfix::virtual { 'user@example.com':
  ensure      => present,
  destination => 'root',
}
postfix::transport { 'example.com':
  ensure      => present,
  destination => 'smtp',
  nexthop     => '[smtp.google.com]:25',
}
postfix::conffile { 'ldapoptions.cf':
  mode    => '0640',
  options => {
    'server_host' => 'ldap.example.com',
    'bind'        => 'yes',
    'search_base' => 'dc=example,dc=com',
  },
}
