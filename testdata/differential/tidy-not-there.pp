tidy { '@ROOT@/r/none': recurse => true, age => '1w' }
notify { 'after': require => Tidy['@ROOT@/r/none'] }
