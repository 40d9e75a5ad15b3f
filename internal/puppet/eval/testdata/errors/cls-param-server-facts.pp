class foo($server_facts = 1) { notify { "x": } }
include foo
