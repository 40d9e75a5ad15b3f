class ruby_193 {
  package { 'ruby1.9.3':
    ensure => present,
  }
  alternatives { 'ruby':
    path    => '/usr/bin/ruby1.9.3',
    require => Package['ruby1.9.3'],
  }
}
include ruby_193
package { 'gcc-4.4-multilib': }
alternative_entry { '/usr/bin/gcc-4.4':
  ensure   => present,
  altlink  => '/usr/bin/gcc',
  altname  => 'gcc',
  priority => 10,
  require  => Package['gcc-4.4-multilib'],
}
alternatives { 'editor':
  mode => 'auto',
}
