class a { tag 'extra', 'more' if tagged('extra') { notify { 'tagged-extra': } } notify { 'in-a': } }
include a
notify { 'top': }
