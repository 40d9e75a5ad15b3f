# modulepath: ownmodules
$x = epp('ordoeval/conf.epp', { 'names' => 'notarray', 'port' => 1 })
