include nginx
nginx::resource::server { 'odd.example.com': listen_port => '80' }
