class a { notify { 'a': } }
class b { notify { 'b': } }
class { 'a': } -> class { 'b': }
