$x = Numeric({'x' => 1})
notify { "${x}": }
