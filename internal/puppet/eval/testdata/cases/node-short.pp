node 'node' { notify { 'short': } }
