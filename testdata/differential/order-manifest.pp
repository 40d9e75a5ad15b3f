notify { 'one': }
notify { 'two': }
notify { 'three': }
notify { 'four': }
notify { 'five': }
