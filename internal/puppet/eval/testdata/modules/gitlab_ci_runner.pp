class { 'gitlab_ci_runner':
  concurrent      => 4,
  check_interval  => 4,
  listen_address  => 'localhost:8888',
  manage_docker   => false,
  runner_defaults => {
    'url'      => 'https://git.example.com/ci',
    'executor' => 'docker',
    'docker'   => { 'image' => 'ubuntu:focal' },
  },
  runners => {
    'my_runner' => {
      'url'                => 'https://gitlab.com',
      'registration-token' => 'abcdef1234567890',
      'docker'             => { 'image' => 'ubuntu:focal' },
    },
    'other_runner' => {
      'ensure'   => 'absent',
      'token'    => 'glrt-123456',
      'executor' => 'shell',
    },
  },
}
