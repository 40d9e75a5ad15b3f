class { 'elasticsearch':
  manage_repo => false,
  oss         => true,
  config      => {
    'node'      => { 'name' => 'es-02', 'roles' => ['master', 'data'] },
    'discovery' => { 'seed_hosts' => ['10.0.0.1', '10.0.0.2'], 'type' => 'single-node' },
    'http.port' => '9200',
    'xpack'     => { 'security' => { 'enabled' => true, 'audit' => { 'enabled' => false } } },
    'indices'   => [{ 'name' => 'b', 'shards' => '3' }, { 'shards' => '1', 'name' => 'a' }],
    'gateway'   => { 'recover_after_nodes' => '2' },
  },
  jvm_options => ['-Xmx2g', '-Xms2g', '-Xmx2g'],
  pipelines   => { 'geoip' => { 'content' => { 'description' => 'geo', 'processors' => [] } } },
}
elasticsearch::plugin { 'mobz/elasticsearch-head': }
elasticsearch::plugin { 'ingest-geoip':
  ensure => 'absent',
}
$imploded = deep_implode({
  'ab'   => 1,
  'cd'   => { 'x' => 2, 'yy' => [1] },
  'ef'   => 3,
  'a'    => { 'b.c' => 'short root', 'bc' => { 'd' => [1, 2] } },
  'a.b'  => { 'c' => 'long root' },
  'a.bc' => { 'd' => [3] },
  'gh'   => false,
  'g'    => { 'h' => 'replaces false' },
  'cd.yy' => [0],
})
notify { 'imploded':
  message => String($imploded),
}
notify { 'names':
  message => [es_plugin_name('mobz/elasticsearch-head'), es_plugin_name('', 'lmenezes:es-kopf:2.0'), es_plugin_name('x-pack'), plugin_dir('elasticsearch/elasticsearch-analysis-icu'), plugin_dir('es-x')].join(','),
}
notify { 'merged':
  message => String(concat_merge({ 'a' => [1], 'b' => 1 }, '', { 'a' => [2], 'b' => 2, 'c' => 3 })),
}
notify { 'suffixed':
  message => String(array_suffix(['a', 1, true], '.x')),
}
