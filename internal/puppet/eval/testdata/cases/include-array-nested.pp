class foo { notify { 'foo': } }
class bar { notify { 'bar': } }
include [foo, [bar]]
