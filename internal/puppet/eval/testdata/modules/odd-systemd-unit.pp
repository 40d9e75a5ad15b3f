systemd::unit_file { 'app': content => "[Unit]\n" }
