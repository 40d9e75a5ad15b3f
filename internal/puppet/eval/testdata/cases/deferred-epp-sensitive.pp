notify { 'x': message => Deferred('inline_epp', ['<%= 1 + 1 %>']) }
notify { 'y': message => Deferred('sprintf', ['%s', Sensitive('s')]) }
notify { 'z': message => Deferred('join', [Deferred('split', ['a-b', '-']), '+']) }
