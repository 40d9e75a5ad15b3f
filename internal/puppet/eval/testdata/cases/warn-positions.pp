# Where Puppet places two parser warnings: an unknown escape in a
# double-quoted string after the piece of text it is in (after its "$",
# "${" or closing quote), a key given twice in a hash at its "=>".
$a = 1
$h = { 'a' => 1,
  'a' => 2, b => { c => 1, c =>  3 } }
notify { 'd': message => "x\q${a}yy\wz" }
notify { 'e': message => "x\q$a yy" }
notify { 'f': message => ["\q\w", $h] }
