class { 'docker':
  use_upstream_package_source => false,
  docker_users                => ['deploy'],
}
docker::image { 'nginx':
  image_tag => '1.25',
}
docker::run { 'web':
  image   => 'nginx:1.25',
  ports   => ['8080:80'],
  env     => ['MODE=prod'],
}
