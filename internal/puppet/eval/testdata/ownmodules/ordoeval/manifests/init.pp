class ordoeval (
  Ordoeval::Port $port,
  Array[String] $names,
  Hash $settings,
  String $motd = 'welcome',
) {
  $doubled = ordoeval::double($port)
  file { '/tmp/ordoeval.conf':
    content => template('ordoeval/conf.erb'),
  }
  file { '/tmp/ordoeval.epp':
    content => epp('ordoeval/conf.epp', { 'names' => $names, 'port' => $doubled }),
  }
  contain ordoeval::server
}
