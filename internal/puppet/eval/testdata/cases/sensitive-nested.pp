notify { 'a': message => [Sensitive('q'), 'plain'] }
notify { 'b': message => Sensitive(['r', 's']) }
