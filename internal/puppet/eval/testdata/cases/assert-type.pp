$x = assert_type(String, 'ok')
notify { 'assert': message => $x }
$y = assert_type(Integer, 'no')
