class hanchor($x = {}, $y = {}) { notify { "hanchor ${x} ${y}": } }
