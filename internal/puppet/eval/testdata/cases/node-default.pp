node default { notify { 'in default node': } }
node 'other' { notify { 'other': } }
