node /^node\./ { notify { 'regex': } }
node default { notify { 'default': } }
