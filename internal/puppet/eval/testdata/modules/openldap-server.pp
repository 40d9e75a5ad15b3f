class { 'openldap::server':
  ldaps_ifs => ['/'],
  ssl_cert  => '/etc/ldap/ssl/slapd.pem',
  ssl_key   => '/etc/ldap/ssl/slapd.key',
}
openldap::server::database { 'dc=example,dc=com':
  directory => '/var/lib/ldap',
  rootdn    => 'cn=admin,dc=example,dc=com',
  rootpw    => '{SHA384}QZdaK3FnibbilSPbthnf3cO8lBWsRyM9i1MZTUFP21RdBSLSNFgYc2eFFzJG/amX',
}
openldap::server::module { 'memberof':
  ensure => present,
}
openldap::server::overlay { 'memberof on dc=example,dc=com':
  ensure => present,
}
openldap::server::access { '0 on dc=example,dc=com':
  what   => 'attrs=userPassword,shadowLastChange',
  access => [
    'by dn="cn=admin,dc=example,dc=com" write',
    'by anonymous auth',
    'by self write',
    'by * none',
  ],
}
openldap::server::globalconf { 'ServerID':
  ensure => present,
  value  => { 'ServerID' => ['1 ldap://master1.example.com', '2 ldap://master2.example.com'] },
}
