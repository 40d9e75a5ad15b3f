class { 'locales':
  locales        => ['en_US.UTF-8 UTF-8', 'de_CH.UTF-8 UTF-8'],
  default_locale => 'en_US.UTF-8',
  lc_ctype       => 'de_CH.UTF-8',
  lc_time        => 'de_CH.UTF-8',
  language       => 'en_US:en',
  manage_package => true,
}
