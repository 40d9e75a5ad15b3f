# record: report
stage { 'pre': before => Stage['main'] }
stage { 'post': }
Stage['main'] -> Stage['post']
class early { exec { 'bad': command => '/bin/false' } notify { 'e-ok': } }
class late { notify { 'l1': } }
class { 'early': stage => 'pre' }
class { 'late': stage => 'post' }
notify { 'm1': }
