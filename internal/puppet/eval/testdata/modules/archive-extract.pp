include archive
archive { '/tmp/ordomod-tool.tar.gz':
  ensure       => present,
  source       => 'https://downloads.example/tool-1.2.tar.gz',
  extract      => true,
  extract_path => '/opt',
  creates      => '/opt/tool-1.2',
  cleanup      => true,
  checksum     => 'f2ca1bb6c7e907d06dafe4687e579fce76b37e4e93b7605022da52e6ccc26fd2',
  checksum_type => 'sha256',
}
