notify { 'x': * => undef }
