class { 'apt':
  purge  => { 'sources.list.d' => false },
}
apt::pin { 'ordomod-stable':
  priority => 700,
  release  => 'stable',
  packages => ['ordomod-a', 'ordomod-b'],
}
apt::conf { 'no-recommends':
  content  => 'APT::Install-Recommends "false";',
  priority => 50,
}
apt::source { 'ordomod':
  location => 'http://repo.example/debian',
  release  => 'bookworm',
  repos    => 'main contrib',
  key      => { 'name' => 'ordomod.asc', 'source' => 'http://repo.example/key.asc' },
  include  => { 'src' => true },
}
