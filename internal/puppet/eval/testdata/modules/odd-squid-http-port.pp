class { 'squid':
  http_ports => { 'bad host!:3128' => {} },
}
