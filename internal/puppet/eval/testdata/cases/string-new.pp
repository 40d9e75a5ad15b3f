# String() of floats (Puppet's %f), of collections (strings quoted), and
# with a printf format for a number, as Puppet's string converter does.
notify { 'x': message => [String(-0.5), String(1e-7), String([1.5]), String({a => 2.5}), String(3.0), String(1.5, '%.2f'), String(['a', 'b c', undef]), String(5), String(7, '%05d'), String(true), String('s'), String({'k' => ['v', 1]})] }
