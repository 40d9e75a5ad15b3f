fail('this is bad')
