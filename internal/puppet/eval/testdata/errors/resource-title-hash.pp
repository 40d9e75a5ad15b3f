notify { {'a' => 1}: }
