sysctl { 'net.ipv4.ip_forward':
  ensure  => present,
  value   => '1',
  comment => 'routing',
}
sysctl { 'vm.swappiness':
  value  => '10',
  target => '/etc/sysctl.d/90-swap.conf',
  apply  => false,
}
sysctl { 'kernel.sysrq': ensure => absent }
