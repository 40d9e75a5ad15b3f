# modulepath: ownmodules
$x = ordoeval::double('a')
