class hv4($x = 'dflt') { notify { "hv4 ${x}": } }
