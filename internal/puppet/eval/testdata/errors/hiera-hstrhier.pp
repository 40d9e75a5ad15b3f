# modulepath: oddmodules
include hstrhier
