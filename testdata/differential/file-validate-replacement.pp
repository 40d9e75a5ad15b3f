file { '@ROOT@/r/pct': content => "100%\n", validate_replacement => '@@', validate_cmd => "/bin/sh -c 'test -s @@ && grep -q % @@'" }
file { '@ROOT@/r/fail': content => "50%\n", validate_replacement => '@@', validate_cmd => "/bin/sh -c 'grep -q nomatch @@'" }
