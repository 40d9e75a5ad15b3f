file { '/etc/ssh/sshd_config':
  ensure  => file,
  mode    => '0600',
  require => Package['openssh-server'],
}
package { 'openssh-server': ensure => present }
service { 'sshd':
  ensure    => running,
  enable    => true,
  subscribe => File['/etc/ssh/sshd_config'],
}
