$top = 'T'
node default {
  $nv = 'N'
  class { 'uses': }
}
class uses { notify { 'uses': message => "${top} ${nv}" } }
