class site::certificates { file { '@ROOT@/r/cert': content => 'c' } }
class apache::ssl {
  include site::certificates
  exec { 'restart': command => '/bin/true', refreshonly => true }
  Class['site::certificates'] ~> Class['apache::ssl']
}
include apache::ssl
