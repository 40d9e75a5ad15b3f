class x1 { notify { 'x1': } }
class x2 { notify { 'x2': } }
class wrap { contain(['x1', 'x2']) }
include wrap
