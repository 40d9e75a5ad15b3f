notify { 't1': message => Optional[Integer]('3') }
notify { 't2': message => Integer[1, 5]('4') }
notify { 't3': message => NotUndef[Integer]('7') }
notify { 't4': message => Array[Integer]([1, 2]) }
notify { 't5': message => Float[0.0, 10.0]('2.5') }
notify { 't6': message => String(Integer[1, 5]('4')) }
