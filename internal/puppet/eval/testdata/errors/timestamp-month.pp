$x = Timestamp('2020-13-45')
