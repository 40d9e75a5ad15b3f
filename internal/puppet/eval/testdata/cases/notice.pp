notice('hello')
class a { notice("in a") }
include a
notify { 'n': }
