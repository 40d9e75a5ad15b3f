$settings = {
  'main' => { 'a' => 1, 'b' => { 'value' => 'x', 'key_val_separator' => '=' }, 'c' => { 'ensure' => 'absent' } },
  ''     => { 'g' => true },
}
inifile::create_ini_settings($settings, { 'path' => '@ROOT@/r/x.ini', 'show_diff' => false })
inifile::create_ini_settings({ 'other' => { 'k' => 'v' }, 'path' => { 'p' => 'q' } }, { 'path' => '@ROOT@/r/y.ini' })
inifile::create_ini_settings({})
