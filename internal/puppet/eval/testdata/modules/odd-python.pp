class { 'python': version => 'system' }
python::pyvenv { 'relative/venv': ensure => present }
