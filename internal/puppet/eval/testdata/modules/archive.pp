include archive
archive { '/tmp/ordo-archive.tar.gz':
  ensure       => present,
  source       => 'https://example.com/x.tar.gz',
  extract      => true,
  extract_path => '/tmp',
  creates      => '/tmp/x',
  cleanup      => true,
}
