# modulepath: ownmodules
$x = ordoeval::double()
