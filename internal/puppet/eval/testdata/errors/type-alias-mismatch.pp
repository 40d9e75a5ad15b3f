# modulepath: ownmodules
$x = assert_type(Ordoeval::Port, 0)
