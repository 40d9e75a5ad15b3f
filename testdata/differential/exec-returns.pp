exec { 'two-ok': command => "/bin/sh -c 'exit 2'", returns => [0, 2] }
exec { 'two-bad': command => "/bin/sh -c 'exit 2'" }
exec { 'three-bad': command => "/bin/sh -c 'exit 3'", returns => [0, 2] }
