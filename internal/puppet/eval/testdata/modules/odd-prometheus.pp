class { 'prometheus': init_style => 'systemd' }
class { 'prometheus::node_exporter': version => 3, install_method => 'tarball' }
