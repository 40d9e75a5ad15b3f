$ifaces = keys($facts['networking']['interfaces'])
notify { 'shell_join':
  message => shell_join(['a b', "it's", '', 1, 'x;y', 'plain-word']),
}
notify { 'os_version_gte':
  message => [
    stdlib::os_version_gte($facts['os']['name'], '1'),
    stdlib::os_version_gte($facts['os']['name'], '999'),
    stdlib::os_version_gte('Solaris', '1'),
  ],
}
notify { 'has_interface_with':
  message => [
    stdlib::has_interface_with('lo'),
    stdlib::has_interface_with('nosuchif0'),
    stdlib::has_interface_with('ipaddress', '127.0.0.1'),
    stdlib::has_interface_with('ip', '203.0.113.9'),
    stdlib::has_interface_with('netmask', '255.0.0.0'),
  ],
}
notify { 'deep_merge':
  message => deep_merge({ 'a' => { 'x' => 1, 'l' => [1] }, 'b' => 2 }, undef, '', { 'a' => { 'y' => 2, 'l' => [2] }, 'b' => { 'c' => 3 } }),
}
notify { 'digests':
  message => [md5('ordo'), sha1(''), sha256("x\n")],
}
notify { 'any2array':
  message => [any2array(undef), any2array(''), any2array('a'), any2array({ 'k' => 'v' })],
}
