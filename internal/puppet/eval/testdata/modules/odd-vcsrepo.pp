vcsrepo { '/opt/app': ensure => present, provider => git, sorce => 'https://example.com/x.git' }
