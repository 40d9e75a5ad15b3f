[$a, $b] = [1, 2]
[$c] = { 'c' => 3 }
notify { 'm': message => [$a, $b, $c] }
