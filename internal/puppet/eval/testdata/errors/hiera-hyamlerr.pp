# modulepath: oddmodules
include hyamlerr
