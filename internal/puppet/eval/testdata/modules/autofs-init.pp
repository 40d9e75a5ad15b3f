class { 'autofs':
  mounts => {
    'home' => {
      'mount'   => '/home',
      'mapfile' => '/etc/auto.home',
      'options' => '--timeout=120',
    },
  },
}
autofs::mount { 'foo':
  mount   => '/-',
  mapfile => '/etc/auto.foo',
  options => '--timeout=120',
}
autofs::mapfile { 'home':
  path     => '/etc/auto.home',
  mappings => [
    { 'key' => '*', 'options' => 'rw,soft,intr', 'fs' => 'server.example.com:/path/to/home/shares' },
  ],
}
autofs::mapfile { 'foo':
  path     => '/etc/auto.foo',
  mappings => [
    { 'key' => '/mnt/a', 'options' => ['ro', 'soft'], 'fs' => ['srv1:/a', 'srv2:/a'] },
  ],
}
