$y = 1
$x = nosuchfn($y)
