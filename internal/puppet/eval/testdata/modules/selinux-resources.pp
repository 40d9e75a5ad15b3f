class { 'selinux':
  mode => 'permissive',
}
selinux::boolean { 'httpd_can_network_connect': }
selinux::port { 'allow-syslog-relp':
  ensure   => 'present',
  seltype  => 'syslogd_port_t',
  protocol => 'tcp',
  port     => 2514,
}
selinux::fcontext { 'set-mysql-log-context':
  seltype  => 'mysqld_log_t',
  pathspec => '/u01/log/mysql(/.*)?',
}
selinux::exec_restorecon { '/u01': }
selinux::permissive { 'oddjob_mkhomedir_t': }
selinux::module { 'resnet-puppet':
  ensure    => 'present',
  source_te => 'puppet:///modules/site_puppet/site-puppet.te',
  builder   => 'simple',
}
