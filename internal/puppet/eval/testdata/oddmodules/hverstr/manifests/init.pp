class hverstr($x = 'dflt') { notify { "hverstr ${x}": } }
