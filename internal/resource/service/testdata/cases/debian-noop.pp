# setup: $FIX reset
# flags: --noop
notify { 'kick': } ~> service { 'ordoprov-svc': ensure => running, enable => true }
