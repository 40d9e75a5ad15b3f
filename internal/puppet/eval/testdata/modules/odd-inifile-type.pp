inifile::create_ini_settings('main')
