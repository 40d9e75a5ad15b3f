define foo($before) { notify { "c": } }
foo{'a': before => []}
