class { 'autofs':
  service_ensure => 'stopped',
  service_enable => false,
}
autofs::mount { 'data':
  mount   => '/mnt/data',
  mapfile => '/etc/auto.data',
  use_dir => true,
}
autofs::mapfile { '/etc/auto.data':
}
autofs::mapping { '/mnt/data_dataA':
  mapfile => '/etc/auto.data',
  key     => 'dataA',
  options => 'ro',
  fs      => 'remote.com:/exports/dataA',
}
autofs::mapping { '/mnt/data_dataB':
  mapfile => '/etc/auto.data',
  key     => 'dataB',
  options => 'rw,noexec',
  fs      => 'remote.com:/exports/dataB',
}
autofs::mount { 'old':
  ensure  => 'absent',
  mount   => '/old',
  mapfile => '/etc/auto.old',
}
