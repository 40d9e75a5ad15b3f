class hyamltab($x = 'dflt') { notify { "hyamltab ${x}": } }
