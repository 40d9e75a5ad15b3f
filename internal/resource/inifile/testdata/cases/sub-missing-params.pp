# setup: printf '[m]\ns = a b\n' > $ROOT/r/a.ini
ini_subsetting { 'nosub': path => '@ROOT@/r/a.ini', section => 'm', setting => 's' } -> notify { 'after nosub': }
ini_subsetting { 'noset': path => '@ROOT@/r/a.ini', section => 'm', subsetting => 'x' } -> notify { 'after noset': }
ini_subsetting { 'nopath': section => 'm', setting => 's', subsetting => 'y' } -> notify { 'after nopath': }
notify { 'other': }
