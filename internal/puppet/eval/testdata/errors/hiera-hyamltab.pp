# modulepath: oddmodules
include hyamltab
