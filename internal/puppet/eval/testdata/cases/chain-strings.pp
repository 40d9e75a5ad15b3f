notify { ['a', 'b']: }
class foo { notify { 'in foo': } }
include foo
'Notify[a]' -> 'Class[foo]'
