# setup: printf '[m]\ns = a b c\nt = a,b,c\n' > $ROOT/r/a.ini
ini_subsetting { 'start': path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'S', insert_type => start }
ini_subsetting { 'before': path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'B', insert_type => before, insert_value => 'b' }
ini_subsetting { 'after': path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'A', insert_type => after, insert_value => 'b' }
ini_subsetting { 'index': path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'I', insert_type => index, insert_value => 1 }
ini_subsetting { 'far': path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'F', insert_type => index, insert_value => 99 }
ini_subsetting { 'nobefore': path => '@ROOT@/r/a.ini', section => 'm', setting => 's', subsetting => 'N', insert_type => before, insert_value => 'zzz' }
ini_subsetting { 'comma': path => '@ROOT@/r/a.ini', section => 'm', setting => 't', subsetting => 'd', subsetting_separator => ',', insert_type => after, insert_value => 'a' }
