include postgresql::server
postgresql::server::role { 'reporter': password_hash => false, login => true }
postgresql::server::database_grant { 'reporter-inventory': privilege => 'CONNECT', db => 'postgres', role => 'reporter' }
