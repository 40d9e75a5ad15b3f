[1, 'x'].each |Integer $i| { notify { "n${i}": } }
