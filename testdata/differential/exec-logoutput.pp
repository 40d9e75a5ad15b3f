exec { 'loud': command => "/bin/echo hello world", logoutput => true }
exec { 'loud-fail': command => "/bin/sh -c 'echo out; echo err >&2; exit 1'", logoutput => true }
exec { 'on-failure': command => "/bin/sh -c 'echo only-on-failure; exit 1'" }
exec { 'quiet-ok': command => "/bin/echo not-shown" }
