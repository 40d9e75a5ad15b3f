node 'node.example' { notify { 'exact': } }
node default { notify { 'default': } }
