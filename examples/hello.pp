class motd {
  file { '/tmp/ordo-example': ensure => directory, mode => '0755' }
  file { '/tmp/ordo-example/motd':
    ensure  => file,
    content => "Welcome to a machine managed by ordo.\n",
    mode    => '0644',
    notify  => Exec['motd-stamp'],
  }
  exec { 'motd-stamp':
    command     => "/bin/sh -c 'date -u > /tmp/ordo-example/motd.updated'",
    refreshonly => true,
  }
}
notify { 'motd is managed': require => Class['motd'] }
include motd
