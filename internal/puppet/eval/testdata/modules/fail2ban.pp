class { 'fail2ban':
  bantime  => 3600,
  maxretry => 5,
  ignoreip => ['127.0.0.1/8', '192.0.2.0/24'],
}
fail2ban::jail { 'sshd':
  jail_content => "[sshd]\nenabled = true\nport = ssh\n",
}
