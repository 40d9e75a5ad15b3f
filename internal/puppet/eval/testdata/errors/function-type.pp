$x = join('notarray', ',')
