class { 'elasticsearch':
  version           => '7.17.10',
  restart_on_change => true,
  config            => {
    'cluster.name' => 'es-cluster',
    'network.host' => '0.0.0.0',
    'node.name'    => 'es-01',
  },
  jvm_options       => ['-Xms1g', '-Xmx1g', '-XX:+UseG1GC'],
  init_defaults     => { 'ES_JAVA_OPTS' => '-Xms1g', 'MAX_OPEN_FILES' => '65535', 'ES_HOME' => '/usr/share/elasticsearch' },
}
elasticsearch::plugin { 'analysis-icu': }
elasticsearch::template { 'logs':
  content => { 'index_patterns' => ['logs-*'], 'settings' => { 'number_of_shards' => 1 } },
}
