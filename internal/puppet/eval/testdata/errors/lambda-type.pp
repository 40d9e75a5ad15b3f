$x = [1].map |String $s| { $s }
