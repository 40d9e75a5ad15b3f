class htag($x = 'd', $y = 'd') { notify { "htag ${x}": } }
