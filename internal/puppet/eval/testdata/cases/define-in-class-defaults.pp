define d() { notify { "d-${title}": } }
class c {
  Notify { message => 'from c' }
  d { 'x': }
}
include c
