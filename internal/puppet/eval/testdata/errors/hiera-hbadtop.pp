# modulepath: oddmodules
include hbadtop
