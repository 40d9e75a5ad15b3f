class { 'kafka':
  kafka_version => '3.6.1',
  scala_version => '2.13',
}
class { 'kafka::consumer':
  config         => { 'group.id' => 'grp1', 'bootstrap.servers' => 'localhost:9092' },
  service_config => { 'topic' => 'test' },
}
kafka::topic { 'test':
  ensure             => present,
  bootstrap_server   => 'localhost:9092',
  replication_factor => 1,
  partitions         => 3,
}
