define d() { notify { "d-${title}": } }
@d { 'one': }
@d { 'two': }
realize(D['one'])
