$r = undef ? { 'b' => 1 }
