$x = start_with('ab', 'a')
