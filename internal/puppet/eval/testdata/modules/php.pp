class { 'php':
  manage_repos => false,
  fpm          => true,
  composer     => false,
  extensions   => { 'curl' => {}, 'mbstring' => {}, 'gd' => { 'settings' => { 'gd.jpeg_ignore_warning' => '1' } } },
  settings     => { 'PHP/memory_limit' => '256M', 'Date/date.timezone' => 'UTC' },
}
