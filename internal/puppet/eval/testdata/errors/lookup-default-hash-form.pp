# modulepath: oddmodules
notify { 'x': message => String(lookup('nosuch::key', {'default_value' => 5, 'value_type' => String})) }
