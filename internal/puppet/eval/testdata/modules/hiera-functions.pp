$a = hiera_array('no::such::array', ['fallback'])
$h = hiera_hash('no::such::hash', { 'k' => 'v' })
$s = hiera('no::such::scalar', undef)
notify { 'hiera': message => "${a} ${h} ${s}" }
