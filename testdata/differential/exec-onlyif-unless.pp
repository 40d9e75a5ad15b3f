exec { 'onlyif-true': command => '/bin/true', onlyif => '/bin/true' }
exec { 'onlyif-false': command => '/bin/true', onlyif => '/bin/false' }
exec { 'unless-true': command => '/bin/true', unless => '/bin/true' }
exec { 'unless-false': command => '/bin/true', unless => '/bin/false' }
