class hnoname($x = 'dflt') { notify { "hnoname ${x}": } }
