# $module_name and $caller_module_name always exist: undef outside a
# module, with no unknown-variable warning; an unknown variable still warns.
notify { "top=${caller_module_name}|${module_name}": }
class k { notify { "k=${caller_module_name}|${module_name}|${nosuch}": } }
include k
