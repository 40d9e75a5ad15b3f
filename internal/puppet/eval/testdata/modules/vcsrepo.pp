class app::source {
  vcsrepo { '/opt/app':
    ensure   => present,
    provider => git,
    source   => 'https://github.com/example/app.git',
    revision => 'main',
    depth    => 1,
  }
}
include app::source
