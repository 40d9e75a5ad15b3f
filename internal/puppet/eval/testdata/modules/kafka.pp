class { 'kafka::broker':
  config => {
    'broker.id'         => '0',
    'zookeeper.connect' => 'localhost:2181',
  },
}
