Notify { message => 'from top default' }
class inner { notify { 'inner': } }
class outer {
  Notify { withpath => true }
  include inner
  notify { 'outer': }
}
include outer
notify { 'top': }
