inifile::create_ini_settings({ 'main' => 'x' }, { 'path' => '/tmp/x.ini' })
