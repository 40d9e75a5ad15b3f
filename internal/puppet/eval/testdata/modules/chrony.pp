class { 'chrony':
  servers     => ['0.pool.ntp.org', '1.pool.ntp.org'],
  pools       => { 'pool.ntp.org' => ['iburst', 'maxsources 3'] },
  queryhosts  => ['192.0.2.0/24'],
  makestep_seconds => 1,
  makestep_updates => 3,
}
