systemd::manage_unit { 'runner.service':
  unit_entry    => { 'Description' => 'Runner', 'After' => ['network.target', 'syslog.target'] },
  service_entry => { 'ExecStart' => '/usr/bin/runner --serve', 'Restart' => 'always', 'User' => 'runner' },
  install_entry => { 'WantedBy' => 'multi-user.target' },
  enable        => true,
  active        => true,
}
systemd::manage_dropin { 'runner-env.conf':
  unit          => 'runner.service',
  service_entry => { 'Environment' => ['A=1', 'B=2'] },
}
systemd::tmpfile { 'runner.conf':
  content => "d /run/runner 0755 runner runner -\n",
}
