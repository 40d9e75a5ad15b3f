node default {
  $h = stdlib::has_interface_with('lo')
  $i = has_interface_with('lo')
  $s = shell_escape('a b')
  notify { $s: }
}
function f($x) { to_yaml($x) }
$q = f(1)
class k { $r = os_version_gte('Debian', '9') }
class { 'k': }
