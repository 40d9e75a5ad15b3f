postgresql_replication_slot { 'Bad-Name': ensure => present }
