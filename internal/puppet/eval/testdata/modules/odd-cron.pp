cron::job { 'bad': minute => 61, command => '/bin/true' }
