Notify['nope'] { message => 'x' }
