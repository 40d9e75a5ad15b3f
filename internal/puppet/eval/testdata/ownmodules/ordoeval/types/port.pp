type Ordoeval::Port = Integer[1, 65535]
