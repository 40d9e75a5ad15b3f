$x = Integer({'from' => 'x'})
notify { "${x}": }
