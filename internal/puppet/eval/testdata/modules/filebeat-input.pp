class { 'filebeat':
  outputs => {
    'logstash' => {
      'hosts'       => ['localhost:5044', 'anotherserver:5044'],
      'loadbalance' => true,
    },
  },
}
filebeat::input { 'syslogs':
  paths     => ['/var/log/auth.log', '/var/log/syslog'],
  doc_type  => 'syslog-beat',
  multiline => { 'pattern' => '^\[', 'negate' => true, 'match' => 'after' },
}
