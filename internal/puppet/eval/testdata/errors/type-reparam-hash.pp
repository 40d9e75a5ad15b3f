notify { 'n1': message => String(Hash[String, Integer][Integer]) }
