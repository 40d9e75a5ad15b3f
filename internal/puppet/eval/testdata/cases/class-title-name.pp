class my::thing($p = $title) { notify { "t=${title} n=${name} p=${p} m=${module_name}": } }
include my::thing
