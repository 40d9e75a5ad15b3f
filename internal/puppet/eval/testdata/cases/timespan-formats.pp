notify { 'spans': message => "${Timespan('1-02:03:04.5')} ${Timespan('02:03:04')} ${Timespan('03:04.25')} ${Timespan('4.5')} ${Timespan('1-02:03')} ${Timespan('90')} ${Timespan('-1-00:00:00')}" }
