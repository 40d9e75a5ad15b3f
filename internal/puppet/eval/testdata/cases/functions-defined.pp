class present {}
define mydef() {}
notify { 'exists': }
$x = 1
$r = [defined('$x'), defined('$nope'), defined('present'), defined('absent'), defined('mydef'), defined('notify'),
  defined(Notify['exists']), defined(Notify['missing']), defined(Class['present'])]
notify { 'defined': message => $r }
