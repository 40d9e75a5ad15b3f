class outer {
  contain nope
}
include outer
