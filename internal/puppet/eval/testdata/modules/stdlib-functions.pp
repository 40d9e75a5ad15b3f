$h = merge({ 'a' => 1 }, { 'b' => 2 })
$p = pick(undef, '', 'picked')
$d = delete_undef_values({ 'x' => undef, 'y' => 1 })
$e = stdlib::ensure(true, 'service')
notify { 'stdlib': message => [$h, $p, $d, $e, to_json({ 'k' => [1, 'v'] }), str2bool('yes'), bool2str(false), prefix(['a', 'b'], 'p-')] }
file_line { 'line': path => '/tmp/ordo-file-line', line => 'x' }
anchor { 'start': } -> notify { 'after anchor': }
