$x = hiera_hash('no::such::key')
