class app::config (String $path = '/etc/app/app.ini') {
  ini_setting { 'app port':
    ensure  => present,
    path    => $path,
    section => 'server',
    setting => 'port',
    value   => 8080,
  }
  ini_subsetting { 'app xmx':
    ensure     => present,
    path       => '/etc/default/app',
    section    => '',
    setting    => 'JAVA_ARGS',
    subsetting => '-Xmx',
    value      => '512m',
  }
  inifile::create_ini_settings({
    'main'  => { 'name' => 'app', 'debug' => false },
    'cache' => { 'size' => { 'value' => '64M', 'key_val_separator' => ': ' }, 'old' => { 'ensure' => 'absent' } },
  }, { 'path' => $path, 'indent_char' => "\t" })
}
include app::config
