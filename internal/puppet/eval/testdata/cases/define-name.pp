define d($x = 1) { notify { "t=${title} n=${name}": } }
d { 'title1': name => 'name1' }
