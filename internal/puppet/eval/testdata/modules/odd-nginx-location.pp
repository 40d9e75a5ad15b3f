include nginx
nginx::resource::location { 'orphan': location => '/x', www_root => '/srv' }
