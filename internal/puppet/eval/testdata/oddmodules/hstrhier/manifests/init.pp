class hstrhier($x = 'dflt') { notify { "hstrhier ${x}": } }
