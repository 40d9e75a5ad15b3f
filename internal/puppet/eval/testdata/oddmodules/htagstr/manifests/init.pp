class htagstr($x = 'd', $y = 'd', $z = 'd') { notify { "htagstr ${x} ${y} ${z}": } }
