$it = [1, 2, 3].reverse_each
notify { "i ${it}": }
notify { 'n1': message => String($it.map |$v| { $v * 2 }) }
notify { 'n2': message => String(Array($it)) }
notify { 'n3': message => String([1, 2, 3, 4].step(2).reverse_each) }
notify { "s ${['a', 'bb'].reverse_each}": }
