include cron
cron::job { 'backup':
  minute      => '30',
  hour        => '2',
  command     => '/usr/local/bin/backup',
  environment => ['MAILTO=root', 'PATH="/usr/bin:/bin"'],
  description => 'Nightly backup',
}
cron::daily { 'rotate':
  minute  => '15',
  hour    => '4',
  command => '/usr/local/bin/rotate',
}
cron::job::multiple { 'reports':
  jobs => [
    { 'minute' => '0', 'hour' => '8', 'command' => '/usr/local/bin/report daily' },
    { 'minute' => '0', 'hour' => '9', 'weekday' => '1', 'command' => '/usr/local/bin/report weekly' },
  ],
}
