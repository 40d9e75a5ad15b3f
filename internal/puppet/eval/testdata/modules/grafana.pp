class { 'grafana':
  cfg => {
    'server'   => { 'http_port' => 3000, 'root_url' => 'https://grafana.example.com/' },
    'security' => { 'admin_user' => 'admin', 'admin_password' => 'secret' },
  },
}
