$x = Numeric({'from' => 1, 'abs' => 'y'})
notify { "${x}": }
