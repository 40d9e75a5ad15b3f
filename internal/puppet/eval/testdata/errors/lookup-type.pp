# modulepath: ownmodules
$x = lookup('ordoeval::port', String)
