notify { 'before': }
tidy { '@ROOT@/r/t': age => '3x' }
