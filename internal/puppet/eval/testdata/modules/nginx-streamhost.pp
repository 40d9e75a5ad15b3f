class { 'nginx': stream => true }
nginx::resource::streamhost { 'dns': listen_port => 53, proxy => 'dns_upstream' }
nginx::resource::map { 'backend_pool': string => '$http_host', mappings => { 'example.com' => 'pool_a', 'default' => 'pool_b' } }
nginx::resource::snippet { 'gzip': raw_content => 'gzip on;' }
