define d() { fail('boom') }
d { 'a': }
