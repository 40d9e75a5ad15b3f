class { 'accounts':
  user_list => {
    'bob' => { 'uid' => '4002', 'shell' => '/bin/zsh', 'locked' => true },
    'old' => { 'ensure' => 'absent' },
  },
  group_list => { 'devs' => { 'gid' => 5001 } },
}
