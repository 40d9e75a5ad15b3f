class { 'collectd':
  purge           => true,
  recurse         => true,
  purge_config    => true,
  minimum_version => '5.4',
  manage_repo     => false,
}
collectd::plugin { 'battery': }
