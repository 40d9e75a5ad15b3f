systemd::service_limits { 'app.service':
  limits => { 'LimitNOFILE' => 8192, 'LimitNPROC' => 1024 },
}
systemd::network { 'eth0.network':
  content => "[Match]\nName=eth0\n\n[Network]\nDHCP=yes\n",
}
systemd::dropin_file { 'odd-escape.conf':
  unit    => 'getty@tty1.service',
  content => "[Service]\nTTYVTDisallocate=no\n",
}
