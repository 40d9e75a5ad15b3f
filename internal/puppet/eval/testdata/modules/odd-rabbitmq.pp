class { 'rabbitmq': port => 'amqp', ssl_verify => 'maybe' }
