class hdupkey($x = 'd') { notify { "hdupkey ${x}": } }
