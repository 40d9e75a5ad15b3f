include docker
docker::image { 'nginx': ensure => 'running' }
