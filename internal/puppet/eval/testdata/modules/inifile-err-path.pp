inifile::create_ini_settings({ 'main' => { 'a' => 1 } })
