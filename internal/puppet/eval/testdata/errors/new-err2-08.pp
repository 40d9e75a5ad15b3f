$x = Binary('aGk=', '%x')
notify { "${x}": }
