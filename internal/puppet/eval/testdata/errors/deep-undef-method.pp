$x = undef
$y = $x.upcase
