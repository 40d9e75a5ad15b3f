node foo { }
class foo { notify { "d": } }
include foo
