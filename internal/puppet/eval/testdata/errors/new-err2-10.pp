$x = Timestamp('2020-01-01', '%Y', 'UTC', 4)
notify { "${x}": }
