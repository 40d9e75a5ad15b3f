exec { 'whoami': command => '/usr/bin/id -un', user => 'nobody', logoutput => true }
exec { 'umask': command => "/bin/sh -c 'touch @ROOT@/r/m && stat -c %a @ROOT@/r/m'", umask => '0077', logoutput => true }
