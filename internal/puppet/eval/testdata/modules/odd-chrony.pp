class { 'chrony': cmdport => 'three-two-three' }
