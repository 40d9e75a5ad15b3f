class hbadtop($x = 'dflt') { notify { "hbadtop ${x}": } }
