class hempty($x = 'd') { notify { "hempty ${x}": } }
