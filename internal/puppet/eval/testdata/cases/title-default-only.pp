notify { default: message => 'x' }
