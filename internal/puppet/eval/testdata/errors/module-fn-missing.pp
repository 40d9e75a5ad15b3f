# modulepath: ownmodules
$x = ordoeval::nosuch(1)
