# modulepath: oddmodules
include hnover
