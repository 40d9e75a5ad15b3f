notify { 'nums': message => [0x1F, 017, 1e3, 2.50, 10 / 4, 10.0 / 4, -7 % 3, Integer('0x10'), Integer('42'), String(5), Float('1.5'), 3.0, 1.0e-2, 123456789012] }
