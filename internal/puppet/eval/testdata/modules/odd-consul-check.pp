class { 'consul': version => '1.16.0', init_style => 'systemd' }
consul::check { 'bad': ttl => '30s', interval => '10s' }
