class { 'collectd':
  purge        => true,
  recurse      => true,
  purge_config => true,
  manage_repo  => false,
}
class { 'collectd::plugin::cpu':
  reportbystate    => true,
  valuespercentage => true,
}
class { 'collectd::plugin::df':
  mountpoints    => ['/u'],
  fstypes        => ['nfs', 'tmpfs', 'autofs', 'gpfs', 'proc', 'devpts'],
  ignoreselected => true,
}
class { 'collectd::plugin::interface':
  interfaces     => ['lo'],
  ignoreselected => true,
}
include collectd::plugin::load
include collectd::plugin::memory
class { 'collectd::plugin::network':
  timetolive    => '70',
  maxpacketsize => '42',
  forward       => false,
  reportstats   => true,
  servers       => { 'collectd.example.com' => { 'port' => 25826 } },
}
class { 'collectd::plugin::write_graphite':
  carbons => {
    'graphite' => {
      'graphitehost' => 'graphite.example.com',
      'graphiteport' => 2003,
    },
  },
}
class { 'collectd::plugin::processes':
  processes       => ['process1', 'process2'],
  process_matches => [
    { 'name' => 'process-all', 'regex' => 'process.*' },
  ],
}
