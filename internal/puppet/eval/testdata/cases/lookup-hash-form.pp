notify { 'x': message => String(lookup({'name' => 'nosuch::key', 'default_value' => 5})) }
