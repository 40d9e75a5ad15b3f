class outer {
  class inner { notify { 'nested inner': } }
  include outer::inner
}
include outer
