class { 'filebeat':
  outputs    => {
    'elasticsearch' => {
      'hosts'       => ['http://localhost:9200', 'http://anotherserver:9200'],
      'loadbalance' => true,
      'cas'         => ['/etc/pki/root/ca.pem'],
    },
  },
  processors => [
    { 'drop_fields' => { 'fields' => ['input_type', 'offset'] } },
  ],
}
