notify { 'wp': message => 'with path', withpath => true }
notify { 'warn': message => 'loud', loglevel => warning }
notify { 'quiet': message => 'quiet', loglevel => info }
