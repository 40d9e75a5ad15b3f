class { 'prometheus': init_style => 'systemd' }
class { 'prometheus::server':
  version        => '2.45.0',
  alerts         => { 'groups' => [{ 'name' => 'alert.rules', 'rules' => [{ 'alert' => 'InstanceDown', 'expr' => 'up == 0', 'for' => '5m' }] }] },
  scrape_configs => [
    { 'job_name' => 'prometheus', 'scrape_interval' => '10s', 'static_configs' => [{ 'targets' => ['localhost:9090'], 'labels' => { 'alias' => 'Prometheus' } }] },
  ],
}
