# setup: true
file_capability { 'prog': capability => 'cap_net_raw=ep' }
