autofs::mapfile { '/etc/auto.data': }
autofs::mapping { 'bad':
  mapfile => '/etc/auto.data',
  key     => 'has space',
  fs      => 'remote.com:/exports/dataA',
}
