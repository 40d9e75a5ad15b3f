inifile::create_ini_settings({ 'main' => 'oops' }, { 'path' => '/etc/app.ini' })
