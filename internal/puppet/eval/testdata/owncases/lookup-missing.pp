$x = lookup('ordoeval::absent')
