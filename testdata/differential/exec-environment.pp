exec { 'env': command => "/bin/sh -c 'test \"\$ORDO_X\" = hello && test \"\$ORDO_Y\" = two'", environment => ['ORDO_X=hello', 'ORDO_Y=two'] }
exec { 'env-missing': command => "/bin/sh -c 'test -n \"\$ORDO_X\"'" }
