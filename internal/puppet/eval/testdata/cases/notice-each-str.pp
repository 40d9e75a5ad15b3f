notify { "x ${[1,2].reverse_each}": }
