# record: report
class a { notify { 'a1': } notify { 'a2': } }
notify { 'x': }
include a
Class['a'] -> Notify['x']
