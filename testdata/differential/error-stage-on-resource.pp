stage { 'pre': before => Stage['main'] }
notify { 'x': stage => 'pre' }
