class apache { notify { 'apache': } }
class mysql { notify { 'mysql': } }
class wordpress {
  require apache
  require mysql
  notify { 'wordpress': }
}
include wordpress
