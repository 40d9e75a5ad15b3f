type MyPort = Integer[1, 65535]
type Mode = Enum['on', 'off']
class svc(MyPort $port = 80, Mode $mode = 'on') { notify { "svc-${port}-${mode}": } }
class { 'svc': port => 8080 }
