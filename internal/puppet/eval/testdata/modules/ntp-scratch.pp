file { '@ROOT@/r/etc': ensure => directory }
class { 'ntp':
  config           => '@ROOT@/r/etc/ntp.conf',
  config_file_mode => '0640',
  driftfile        => '/var/lib/ntp/ntp.drift',
  package_manage   => false,
  service_manage   => false,
  servers          => ['0.pool.example', '1.pool.example'],
  restrict         => ['127.0.0.1'],
  iburst_enable    => false,
  minpoll          => 4,
}
File['@ROOT@/r/etc'] -> Class['ntp']
