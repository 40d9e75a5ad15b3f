class { 'selinux':
  mode => 'enforcing',
  type => 'targeted',
}
