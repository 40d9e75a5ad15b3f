$users = { 'alice' => { 'uid' => 1001 }, 'bob' => { 'uid' => 1002 } }
$users.each |$name, $attrs| {
  user { $name: ensure => present, * => $attrs }
}
