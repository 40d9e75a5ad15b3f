notify { 'a': } -> notify { 'a': }
