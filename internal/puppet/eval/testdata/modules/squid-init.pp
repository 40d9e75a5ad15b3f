class { 'squid':
  http_ports => { '3128' => {} },
}
squid::acl { 'Safe_ports':
  type    => port,
  entries => ['80'],
}
squid::http_access { 'Safe_ports':
  action => allow,
}
squid::http_access { '!Safe_ports':
  action => deny,
}
