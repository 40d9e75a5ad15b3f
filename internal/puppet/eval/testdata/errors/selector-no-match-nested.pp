$r = ['a', 1, undef, {'b' => [true]}] ? { 'b' => 1 }
