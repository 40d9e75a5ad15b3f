notify { 'x': message => String(lookup('nosuch::key', Optional[Integer], 'first', undef)) }
