class { 'zookeeper':
  election_port => 2889,
  leader_port   => 3889,
  servers       => {
    '1' => '192.168.1.1',
    '2' => '192.168.1.2',
    '3' => '192.168.1.3',
  },
}
