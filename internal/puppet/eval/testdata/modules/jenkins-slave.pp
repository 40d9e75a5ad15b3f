class { 'jenkins::slave':
  masterurl => 'http://jenkins-master1.domain.com:8080',
  ui_user   => 'adminuser',
  ui_pass   => 'adminpass',
  labels    => ['linux', 'docker'],
  executors => 4,
}
