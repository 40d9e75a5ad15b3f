class { 'prometheus': init_style => 'systemd' }
class { 'prometheus::blackbox_exporter':
  version => '0.24.0',
  modules => { 'http_2xx' => { 'prober' => 'http', 'timeout' => '5s' } },
}
