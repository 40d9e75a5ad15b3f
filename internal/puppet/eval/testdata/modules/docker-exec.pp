include docker
docker::exec { 'cron-in-web':
  container => 'web',
  command   => '/usr/bin/run-parts /etc/cron.daily',
  tty       => true,
}
