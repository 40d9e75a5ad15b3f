class hyamlerr($x = 'dflt') { notify { "hyamlerr ${x}": } }
