class hnover($x = 'dflt') { notify { "hnover ${x}": } }
