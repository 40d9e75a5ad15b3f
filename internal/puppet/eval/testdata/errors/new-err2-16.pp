$x = Float({'from' => 'x'})
notify { "${x}": }
