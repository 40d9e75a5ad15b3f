class app::source {
  vcsrepo { '/opt/app': ensure => present, provider => git, source => 'https://example.com/x.git', depth => 'shallow', revision => 'main' }
}
include app::source
