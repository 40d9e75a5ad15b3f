@@file { '@ROOT@/r/e':
  ensure => file,
  tag    => ['x'],
}
@@notify { 'ex': }
File <<| tag == 'x' |>>
Notify <<| |>> -> notify { 'after': }
notify { 'plain': }
