$x = sprintf_hash('%{a}', {'a' => 1})
