class { 'motd': dynamic_motd => 'no' }
