# modulepath: oddmodules
include hnonhash
