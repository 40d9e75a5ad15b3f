class hbadkey($x = 'dflt') { notify { "hbadkey ${x}": } }
