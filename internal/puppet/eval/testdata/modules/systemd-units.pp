systemd::unit_file { 'app.service':
  content => "[Unit]\nDescription=App\n\n[Service]\nExecStart=/usr/bin/app\n",
  enable  => true,
  active  => true,
}
systemd::dropin_file { 'limits.conf':
  unit    => 'app.service',
  content => "[Service]\nLimitNOFILE=65536\n",
}
systemd::timer { 'backup.timer':
  timer_content   => "[Timer]\nOnCalendar=daily\n",
  service_content => "[Service]\nExecStart=/usr/local/bin/backup\n",
  active          => true,
  enable          => true,
}
