class { 'prometheus': init_style => 'systemd' }
class { 'prometheus::node_exporter':
  version            => '1.6.1',
  collectors_enable  => ['systemd', 'processes'],
  collectors_disable => ['wifi'],
}
