class { 'sudo': purge => false, config_file_replace => false }
sudo::conf { 'gone': ensure => absent }
sudo::conf { 'huge': priority => 99999999999, content => 'Defaults:huge !lecture' }
sudo::conf { 'héllo wörld': content => 'Defaults env_keep += "LANG"' }
