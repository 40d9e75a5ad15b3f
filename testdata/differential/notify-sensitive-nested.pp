# A Sensitive value inside a hash or an array shows as Ruby's inspect of the
# Sensitive object; a whole Sensitive message, or an array holding one, as
# "Sensitive [value redacted]".
$s = Sensitive('secret')
notify { 'h': message => { 'a' => $s, 'b' => [1, $s], 'c' => { 'd' => $s } } }
notify { 'a': message => [$s, 'x'] }
notify { 'p': message => $s }
notify { 'n': message => ['plain', { 'k' => [$s] }] }
