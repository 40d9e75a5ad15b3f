$x = step([1], 'a')
