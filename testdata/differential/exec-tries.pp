exec { 'retry': command => "/bin/sh -c 'echo x >> @ROOT@/r/count; test $(wc -l < @ROOT@/r/count) -ge 3'", tries => 3 }
exec { 'retry-fail': command => '/bin/false', tries => 2 }
