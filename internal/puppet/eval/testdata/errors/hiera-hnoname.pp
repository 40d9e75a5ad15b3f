# modulepath: oddmodules
include hnoname
