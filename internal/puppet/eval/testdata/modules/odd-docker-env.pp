include docker
docker::run { 'odd':
  image    => 'busybox',
  env      => 'ONE=1',
  net      => ['a', 'b c'],
  cpuset   => ['0', '1'],
  username => "it's",
  hostname => 'h',
  restart  => 'always',
  extra_parameters => ['--init'],
  health_check_cmd => 'true',
  health_check_interval => 30,
  volumes_from => 'other',
  privileged => true,
  tty => true,
  read_only => true,
  disable_network => true,
}
