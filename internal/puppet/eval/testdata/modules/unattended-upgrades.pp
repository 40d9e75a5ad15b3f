class { 'unattended_upgrades':
  age     => { 'max' => 10 },
  mail    => { 'to' => 'ops@example.com', 'only_on_error' => true },
  origins => ['origin=Debian,codename=${distro_codename},label=Debian-Security'],
  blacklist => ['linux-image-*'],
}
