tidy { '@ROOT@/r/none': recurse => true }
notify { 'after': }
