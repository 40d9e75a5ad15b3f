# modulepath: ownmodules
ordoeval::nodefine { 'x': }
