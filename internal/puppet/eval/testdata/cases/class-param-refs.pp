class a($x = 'one', $y = "${x}-two", $z = [$x, $y]) { notify { 'a': message => $z } }
include a
