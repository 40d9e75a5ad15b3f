tidy { '@ROOT@/r/t': recurse => 'deep' }
