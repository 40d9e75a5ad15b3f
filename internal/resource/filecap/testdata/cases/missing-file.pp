# setup: true
file_capability { '@ROOT@/r/nothere': capability => 'cap_net_raw=ep' }
