class { 'python':
  version => 'system',
  dev     => 'present',
  pip     => 'present',
}
python::pyvenv { '/opt/venv':
  ensure => present,
}
