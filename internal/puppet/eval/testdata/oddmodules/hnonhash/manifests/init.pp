class hnonhash($x = 'd') { notify { "hnonhash ${x}": } }
