function double(Integer $x) >> Integer { $x * 2 }
function greet(String $who, String $greeting = 'hello') { "${greeting} ${who}" }
notify { 'f': message => [double(21), greet('you'), greet('them', 'bye')] }
