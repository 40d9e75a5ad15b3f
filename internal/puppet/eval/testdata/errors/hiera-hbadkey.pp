# modulepath: oddmodules
include hbadkey
