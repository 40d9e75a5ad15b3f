class hv3($x = 'dflt') { notify { "hv3 ${x}": } }
