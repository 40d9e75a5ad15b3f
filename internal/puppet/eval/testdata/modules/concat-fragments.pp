concat { '/tmp/ordo-concat-test':
  ensure => present,
  mode   => '0644',
}
concat::fragment { 'header':
  target  => '/tmp/ordo-concat-test',
  content => "# header\n",
  order   => '01',
}
concat::fragment { 'body':
  target  => '/tmp/ordo-concat-test',
  content => "body\n",
  order   => '10',
}
