# modulepath: oddmodules
include htag
