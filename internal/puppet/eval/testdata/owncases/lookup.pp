$merged = lookup('ordoeval::settings', Hash, 'hash', {})
$missing = lookup('ordoeval::nope', undef, undef, 'fallback')
$names = lookup('ordoeval::names', Array[String])
notify { 'lookups': message => [$merged, $missing, $names] }
