define foo { notify { "c": } }

class foo { notify { "d": } }
include foo
