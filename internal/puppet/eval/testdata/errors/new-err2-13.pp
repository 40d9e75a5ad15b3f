$x = Hash([[1, 2]], 'bogus')
notify { "${x}": }
