class { 'docker':
  docker_users => ['deploy'],
  log_driver   => 'json-file',
  log_opt      => ['max-size=10m', 'max-file=3'],
}
docker::image { 'nginx':
  image_tag => '1.25',
}
docker_network { 'backend':
  ensure => present,
  driver => 'bridge',
  subnet => '172.28.0.0/16',
}
docker_volume { 'data':
  ensure => present,
}
docker::registry { 'registry.example.com':
  username => 'deploy',
  password => 'regpass',
}
