$x = Timespan()
notify { "${x}": }
