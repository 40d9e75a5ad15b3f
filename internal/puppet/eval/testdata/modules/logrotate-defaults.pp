include logrotate
logrotate::conf { '/etc/logrotate.d/ordomod':
  rotate => 3,
  compress => false,
}
logrotate::rule { 'hourly-app':
  path         => '/var/log/app/hourly.log',
  rotate_every => 'hour',
  size         => '100k',
  create       => true,
  create_mode  => '0640',
  create_owner => 'root',
  create_group => 'adm',
  sharedscripts => true,
  su            => true,
  su_user       => 'root',
  su_group      => 'adm',
}
