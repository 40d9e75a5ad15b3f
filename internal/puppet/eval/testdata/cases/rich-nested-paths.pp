notify { 'h1': message => {'a' => 1, 'b' => Timespan(60)} }
notify { 'h2': message => {'a' => {'x' => 1}, 'b' => Timespan(60)} }
notify { 'h3': message => {'a' => Timespan(1), 'b' => Timespan(2)} }
notify { 'h4': message => {'a' => 's', 'b' => [1, 2], 'c' => {'d' => Timespan(3)}} }
notify { 'a1': message => [1, {'k' => Timespan(1)}, Timespan(2)] }
notify { 'a2': message => [{'k' => 1, 'l' => [Timespan(1), 2, Timespan(2)]}, {'m' => Timespan(3)}] }
notify { 'p2': message => {'x' => Timespan(4)}}
